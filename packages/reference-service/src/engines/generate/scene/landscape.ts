import { darken, mix } from '../../pixels/colors';
import { paintAbstract, paintBokeh } from './abstract';
import { isForeground } from './catalog';
import { paintCity, paintStreetLights } from './city';
import { type Ctx, type Profile, place, range } from './context';
import { cactus, paintConifer, paintForestRow, paintMeadowDetail } from './flora';
import { paintAirborne, paintBoats, paintFlock, paintGrounded, paintHero, paintLeapingFish } from './foreground';
import { paintClouds, paintMoon, paintRainbow, paintSky, paintStars, paintSun } from './sky';
import { type GroundKind, paintGround, paintMountains } from './terrain';
import { paintShore, paintWater } from './water';
import { paintRain, paintSnowfall } from './weather';

const GROUNDED = new Set(['castle', 'house', 'tree', 'cat', 'dog', 'flower']);
const AIRBORNE = new Set(['bird', 'butterfly', 'balloon', 'heart']);

/** Where the horizon sits: low for big skies, high when the land or a skyline is the point. */
function horizonFor(ctx: Ctx, has: (id: string) => boolean, skyOnly: boolean): number {
  const r = ctx.rng;
  if (skyOnly) return ctx.H * range(r, 0.72, 0.8);
  if (has('city')) return ctx.H * range(r, 0.64, 0.7);
  if (has('sea') || has('lake') || has('beach')) return ctx.H * range(r, 0.5, 0.58);
  if (has('mountain')) return ctx.H * range(r, 0.6, 0.66);
  return ctx.H * range(r, 0.56, 0.64);
}

/**
 * The full picture for a prompt. `withSubjects` false gives a backdrop: the same land and sky with
 * no animals, buildings or floating objects (used to replace an image's background).
 */
export function paintLandscape(ctx: Ctx, withSubjects: boolean): void {
  const { spec, rng } = ctx;
  const subjects = new Set(spec.subjects);
  const has = (id: string) => subjects.has(id);
  // In the prompt's order: the first subject named is the one the picture is about. A backdrop
  // still sets the stage its subjects imply (a cat gets a meadow) but leaves them out.
  const named = spec.subjects.filter(isForeground);
  const objects = withSubjects ? named : [];
  const scenic = spec.subjects.filter((s) => !isForeground(s));

  if (scenic.length === 0 && named.every((o) => o === 'heart' || o === 'balloon')) {
    if (named.length) {
      paintBokeh(ctx);
      if (objects.length) paintHero(ctx, objects);
    } else paintAbstract(ctx);
    return;
  }

  const skyOnly =
    scenic.every((s) => ['sun', 'moon', 'stars', 'cloud', 'rain', 'rainbow'].includes(s)) &&
    !named.some((o) => GROUNDED.has(o) || o === 'boat' || o === 'fish');
  ctx.horizon = horizonFor(ctx, has, skyOnly);
  const night = spec.time === 'night';
  const rain = has('rain');

  paintSky(ctx);
  if (night || has('stars')) paintStars(ctx, night ? 220 : 90);
  if (has('sun') || (!night && !rain && !has('moon') && rng() < 0.65)) paintSun(ctx);
  else if (has('moon') || (night && rng() < 0.8)) paintMoon(ctx);
  const clouds = rain ? 7 : has('cloud') ? 3 + Math.floor(rng() * 3) : night ? Math.floor(rng() * 2) : 1 + Math.floor(rng() * 3);
  paintClouds(ctx, clouds, rain);
  if (has('rainbow')) paintRainbow(ctx);

  const water = has('sea') || has('lake') || has('beach') || has('boat') || has('fish');
  const kind: GroundKind = has('desert') ? 'sand' : has('snow') ? 'snow' : 'grass';
  const mountains = has('mountain') ? 3 : has('city') || kind === 'sand' ? 0 : rng() < (water ? 0.5 : 0.65) ? 1 : 0;
  if (mountains)
    paintMountains(ctx, {
      layers: mountains,
      height: mountains === 3 ? range(rng, 0.45, 0.6) : range(rng, 0.16, 0.26),
      snowCaps: has('snow') || (mountains === 3 && rng() < 0.6),
    });
  if (has('city')) paintCity(ctx);
  if (has('forest') && water) paintForestRow(ctx, () => ctx.horizon, 60, [0.05 * ctx.H, 0.1 * ctx.H], 0.6, true);

  let ground: Profile | undefined;
  const landObjects = objects.filter((o) => GROUNDED.has(o));
  if (water) {
    paintWater(ctx);
    if (has('beach') || named.some((o) => GROUNDED.has(o))) {
      const top = ctx.horizon + (ctx.H - ctx.horizon) * range(rng, 0.5, 0.62);
      if (objects.includes('boat')) paintBoats(ctx, top);
      if (objects.includes('fish')) paintLeapingFish(ctx, top);
      ground = paintShore(ctx, has('sea') || has('beach') ? 'sand' : 'grass', top);
    } else {
      if (objects.includes('boat')) paintBoats(ctx, ctx.H);
      if (objects.includes('fish')) paintLeapingFish(ctx, ctx.H);
    }
  } else if (has('city') && !has('meadow') && !has('desert') && !has('snow')) {
    paintWater(ctx, darken(mix(ctx.theme.building, ctx.theme.sky[1], 0.3), 0.35));
    paintStreetLights(ctx);
  } else {
    const forest = has('forest');
    const layers = skyOnly ? 2 : 3;
    const profiles = paintGround(ctx, kind, layers, ctx.horizon, (layer, profile) => {
      if (forest && layer === 0) paintForestRow(ctx, profile, 70, [0.05 * ctx.H, 0.09 * ctx.H], 0.7);
      if (forest && layer === 1) paintForestRow(ctx, profile, 36, [0.1 * ctx.H, 0.17 * ctx.H], 0.3);
      if (!forest && layer === 0 && kind === 'grass' && rng() < 0.5) paintForestRow(ctx, profile, 24, [0.03 * ctx.H, 0.06 * ctx.H], 0.75);
      if (kind === 'sand' && layer === layers - 2) paintCacti(ctx, profile);
    });
    ground = profiles[profiles.length - 1];
    if (kind === 'grass' && (has('meadow') || has('flower') || rng() < 0.5)) paintMeadowDetail(ctx, ground, has('flower') || has('meadow') ? 220 : 70);
  }

  if (ground && has('forest') && !water) paintFramingTrees(ctx, ground);
  if (ground && has('tree') && !withSubjects) paintGrounded(ctx, ['tree'], ground);
  if (ground && landObjects.length) paintGrounded(ctx, landObjects, ground);
  const flying = objects.filter((o) => AIRBORNE.has(o));
  if (flying.length) paintAirborne(ctx, flying);
  else if (!night && !rain && rng() < 0.3) paintFlock(ctx);
  if (rain) paintRain(ctx);
  if (has('snow')) paintSnowfall(ctx);
}

function paintCacti(ctx: Ctx, profile: Profile): void {
  const { rng, W, svg, theme } = ctx;
  const count = Math.floor(rng() * 3);
  for (let i = 0; i < count; i++) {
    const x = W * range(rng, 0.1, 0.9);
    const h = ctx.H * range(rng, 0.08, 0.16);
    svg.add(place(x, profile(x) + h * 0.1, h, cactus(theme.lit([70, 130, 80]))));
  }
}

/** Tall dark conifers at the picture's edges: the classic way to frame a forest scene. */
function paintFramingTrees(ctx: Ctx, ground: Profile): void {
  const { rng, W, H } = ctx;
  const left = rng() < 0.7;
  const right = !left || rng() < 0.6;
  for (const side of [left ? 0 : -1, right ? 1 : -1]) {
    if (side < 0) continue;
    const x = side ? W * range(rng, 0.93, 1) : W * range(rng, 0, 0.07);
    const inner = side ? x - W * range(rng, 0.06, 0.1) : x + W * range(rng, 0.06, 0.1);
    paintConifer(ctx, inner, Math.min(H, ground(inner) + H * 0.12), H * range(rng, 0.38, 0.5), 0.1);
    paintConifer(ctx, x, H * 1.02, H * range(rng, 0.6, 0.75), 0);
  }
}

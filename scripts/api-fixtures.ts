// `npm run api:fixtures`: writes photo.png (a 320×240 scene) and mask.png (its mask: a painted
// square, white on black) into the current folder, the files docs/api.md's edit example sends.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { maskPng, scenePng } from '@atelier/reference-service/testing';

// npm runs scripts from the package's folder; INIT_CWD is where it was asked from.
const folder = process.env.INIT_CWD ?? process.cwd();
await writeFile(path.join(folder, 'photo.png'), await scenePng(320, 240));
await writeFile(path.join(folder, 'mask.png'), await maskPng(320, 240, { x: 100, y: 60, w: 120, h: 120 }));
console.log(`wrote photo.png and mask.png in ${folder}`);

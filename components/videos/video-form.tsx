'use client';

import { Clock, Coins, Volume2 } from 'lucide-react';
import { useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import type { Held, HeldRequest } from '@/lib/generations/approval-gate';
import { format, formatCny } from '@/lib/i18n';
import { CONTROL_CHARACTER } from '@/lib/text/refusal';
import { ASPECT_RATIOS, estimateCost, estimateSeconds, type AspectRatio, type Resolution, type VideoModelOption } from '@/lib/videos/estimate';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../ui/card';
import { CheckField, Field, fieldAria, Select } from '../ui/input';
import { useToast } from '../ui/toast';
import { Segmented } from '../ui/segmented';
import { FrameShape } from './frame-shape';
import { PromptCounter } from '../prompt-counter';
import { HeldNotice } from '../inbox/held-notice';

export interface StartVideoInput {
  model: string;
  prompt: string;
  duration?: number;
  resolution: Resolution;
  audio: boolean;
  aspectRatio: AspectRatio;
}
type StartVideo = (input: StartVideoInput) => Promise<ActionResult<{ generationId: string; videoTaskId: string } | Held>>;

/** The duration kept when the model changes, if the new one takes it; else the new model's own default. */
const pickDuration = (model: VideoModelOption, wanted?: number) => (wanted && model.durations.includes(wanted) ? wanted : model.defaultDuration);
/** A model as the form names it: with who runs it, when that is a provider ("kling-video · Kling AI"). */
const modelLabel = (m: VideoModelOption) => (m.provider && m.provider.id !== 'local' ? `${m.id} · ${m.provider.name}` : m.id);

/** The new-video form: settings the chosen model allows, with the time and cost they will take. */
export function VideoForm({ models, action, initialPrompt = '' }: { models: VideoModelOption[]; action: StartVideo; initialPrompt?: string }) {
  const { t, locale } = useI18n();
  const f = t.videos.form;
  const toast = useToast();
  const describe = useActionError();
  const [pending, startTransition] = useTransition();
  const [modelId, setModelId] = useState(models[0]?.id ?? '');
  const model = models.find((m) => m.id === modelId) ?? models[0];
  const [prompt, setPrompt] = useState(initialPrompt);
  const [duration, setDuration] = useState(() => (model ? model.defaultDuration : 5));
  const [resolution, setResolution] = useState<Resolution>('720p');
  const [audio, setAudio] = useState(false);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('16:9');
  const [error, setError] = useState<string | null>(null);
  /** The last video asked for waits for an owner's or admin's approval. */
  const [held, setHeld] = useState<HeldRequest | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  if (!model) return <Card className="p-6 text-sm text-ink-muted">{f.noModels}</Card>;
  // Sound only where the model makes it: the box stays unticked (and says why) for one that does not.
  const withAudio = audio && model.audio;
  const cost = estimateCost(model.price, duration, resolution, withAudio);
  const time = estimateSeconds(duration, resolution, withAudio, !!model.provider && model.provider.id !== 'local');

  const chooseModel = (id: string) => {
    const next = models.find((m) => m.id === id);
    setModelId(id);
    if (next) {
      setDuration(pickDuration(next, duration));
      if (!next.resolutions.includes(resolution)) setResolution(next.resolutions[0]);
      if (!next.aspectRatios.includes(aspectRatio)) setAspectRatio(next.aspectRatios[0]);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setHeld(null);
    setFieldErrors({});
    startTransition(async () => {
      const result = await action({ model: model.id, prompt, duration, resolution, audio: withAudio, aspectRatio });
      if (result.ok) {
        setPrompt('');
        if ('held' in result.data) setHeld(result.data.held);
        else toast(f.started);
      } else {
        setError(describe(result.error));
        setFieldErrors(
          Object.fromEntries(
            Object.entries(result.error.fields ?? {}).map(([name, text]) => [name, text === CONTROL_CHARACTER ? t.errors.controlCharacter : text]),
          ),
        );
      }
    });
  };

  return (
    <Card>
      <form onSubmit={submit} aria-label={f.title} noValidate>
        <CardHeader title={f.title} />
        <CardBody className="grid gap-5">
          <div className="grid gap-5 md:grid-cols-[minmax(0,14rem)_1fr]">
            <Field id="video-model" label={f.model} hint={model.description}>
              <Select
                {...fieldAria('video-model', undefined, !!model.description)}
                value={model.id}
                onChange={(e) => chooseModel(e.target.value)}
                className="w-full"
                options={models.map((m) => ({ value: m.id, label: modelLabel(m) }))}
              />
            </Field>
            <Field id="video-prompt" label={f.prompt} error={fieldErrors.prompt}>
              <textarea
                {...fieldAria('video-prompt', fieldErrors.prompt)}
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                placeholder={f.promptPlaceholder}
                rows={3}
                className="focus-ring w-full resize-y rounded-control border border-line-strong bg-surface px-3 py-2 text-sm text-ink shadow-xs placeholder:text-ink-subtle hover:border-ink-subtle/60 focus-visible:border-accent aria-invalid:border-danger"
              />
              <PromptCounter prompt={prompt} />
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <Segmented
              label={f.duration}
              value={String(duration)}
              onChange={(v) => setDuration(Number(v))}
              options={model.durations.map((d) => ({ value: String(d), label: format(f.seconds, { n: d }) }))}
            />
            <Segmented label={f.resolution} value={resolution} onChange={setResolution} options={model.resolutions.map((r) => ({ value: r, label: r }))} />
            <Segmented
              label={f.aspectRatio}
              value={aspectRatio}
              onChange={setAspectRatio}
              options={ASPECT_RATIOS.filter((r) => model.aspectRatios.includes(r)).map((r) => ({ value: r, label: r, icon: <FrameShape ratio={r} /> }))}
            />
          </div>
          <CheckField
            id="video-audio"
            checked={withAudio}
            disabled={!model.audio}
            onChange={(e) => setAudio(e.target.checked)}
            label={
              <>
                <Volume2 aria-hidden className="size-4 text-ink-subtle" />
                {f.audio}
              </>
            }
            hint={model.audio ? f.audioHint : f.noAudio}
            className={
              model.audio ? 'cursor-pointer rounded-control border border-line p-3 hover:bg-subtle/60' : 'rounded-control border border-line p-3 opacity-70'
            }
          />
          {error && (
            <p role="alert" data-testid="video-form-error" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
              {error}
            </p>
          )}
          {held && <HeldNotice held={held} />}
        </CardBody>
        <CardFooter className="justify-between">
          <dl className="flex flex-wrap gap-x-6 gap-y-1">
            <div className="flex items-center gap-1.5">
              <Clock aria-hidden className="size-4" />
              <dt>{f.estimateTime}</dt>
              <dd data-testid="video-estimate-time" className="font-medium text-ink tabular-nums">
                {format(f.timeRange, time)}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <Coins aria-hidden className="size-4" />
              <dt>{f.estimateCost}</dt>
              <dd data-testid="video-estimate-cost" className="font-medium text-ink tabular-nums">
                {cost === null ? f.unknownPrice : formatCny(cost, locale)}
              </dd>
            </div>
          </dl>
          <Button type="submit" pending={pending}>
            {f.submit}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

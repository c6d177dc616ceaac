'use client';

import { CircleAlert, CircleCheck, Clock, HardDriveDownload } from 'lucide-react';
import type { VideoState } from '@/lib/videos/view';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import { Spinner } from '../ui/spinner';

const TONE = { pending: 'neutral', running: 'accent', archiving: 'accent', completed: 'success', failed: 'danger', cancelled: 'neutral' } as const;

export function VideoStatusBadge({ state }: { state: VideoState }) {
  const { t } = useI18n();
  const icon = {
    pending: <Clock />,
    running: <Spinner />,
    archiving: <HardDriveDownload />,
    completed: <CircleCheck />,
    failed: <CircleAlert />,
    cancelled: <CircleAlert />,
  }[state];
  return (
    <Badge tone={TONE[state]} icon={icon}>
      <span data-testid="video-state" data-state={state}>
        {t.videos.state[state]}
      </span>
    </Badge>
  );
}

'use client';

import type { ReactNode } from 'react';
import type { PriceTable } from '@/lib/pricing/board';
import { BoardRunnerProvider, type BoardForm } from './board-runner';
import { BoardStage } from './board-stage';
import { CompareForm } from './compare-form';
import type { ModelOption } from './model-picker';

/** The form, then the run in flight or what `children` shows (an empty board, or a finished one). */
export function CompareWorkbench({
  models,
  prices,
  initial,
  folded = false,
  children,
}: {
  models: ModelOption[];
  prices: PriceTable;
  initial: BoardForm;
  /** A finished board is shown: its settings start folded into one line. */
  folded?: boolean;
  children: ReactNode;
}) {
  return (
    <BoardRunnerProvider initial={initial}>
      <div className="grid gap-6">
        <CompareForm models={models} prices={prices} folded={folded} />
        <BoardStage>{children}</BoardStage>
      </div>
    </BoardRunnerProvider>
  );
}

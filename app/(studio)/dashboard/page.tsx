import type { Metadata } from 'next';
import { ChartColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { DailyChart } from '@/components/dashboard/daily-chart';
import { KindDonut } from '@/components/dashboard/kind-donut';
import { MaskObedienceTable } from '@/components/dashboard/mask-obedience';
import { RangeBar } from '@/components/dashboard/range-bar';
import { RankedBars } from '@/components/dashboard/ranked-bars';
import { StatCards } from '@/components/dashboard/stat-cards';
import { TopGenerations } from '@/components/dashboard/top-generations';
import { EmptyState } from '@/components/empty/empty-state';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { requireTeamContext } from '@/lib/auth/page-context';
import { maskObedience } from '@/lib/edits/mask-obedience';
import type { SearchParams } from '@/lib/http/page-query';
import { getI18n } from '@/lib/i18n/server';
import { pageBudgetStatus } from '@/lib/ledger/budgets';
import { rangeFromQuery } from '@/lib/ledger/ranges';
import { keyFilterSchema, spendReport } from '@/lib/ledger/spend';
import { apiKeyNames } from '@/lib/api-keys/keys';
import { withQuery } from '@/lib/http/page-query';
import { format } from '@/lib/i18n';
import Link from 'next/link';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.dashboard.title };
}

export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireTeamContext();
  const { t, locale } = await getI18n();
  const budget = await pageBudgetStatus(ctx);
  const query = await searchParams;
  const { range, preset, invalid } = rangeFromQuery(query, budget.timeZone);
  const parsedKey = keyFilterSchema.safeParse(query.key);
  const key = parsedKey.success ? parsedKey.data : undefined;
  const [report, obedience] = await Promise.all([spendReport(ctx, range, key), maskObedience(ctx, range, key)]);
  const keyName = key === 'studio' ? t.dashboard.charts.studio : key ? (await apiKeyNames(ctx, key))[0]?.name : undefined;
  const rangeQuery = preset ? (preset === 'this-month' ? {} : { range: preset }) : { from: range.from, to: range.to };
  const c = t.dashboard.charts;

  return (
    <div className="grid gap-6">
      <StatCards report={report} budget={budget} t={t} locale={locale} />
      <RangeBar range={range} preset={preset} invalid={invalid} timeZone={report.timeZone} keep={key ? { key } : {}} t={t} />
      {key && (
        <p className="-mt-3 flex items-center gap-2 text-[13px] text-ink-muted" data-testid="key-filter">
          {format(t.dashboard.keyFilter, { name: keyName ?? '—' })}
          <Link href={withQuery('/dashboard', rangeQuery)} className="font-medium text-accent hover:underline">
            {t.dashboard.keyFilterClear}
          </Link>
        </p>
      )}
      {report.count === 0 ? (
        <EmptyState icon={<ChartColumn />} title={t.dashboard.emptyTitle} description={t.dashboard.empty} />
      ) : (
        <>
          <ChartCard title={c.daily} description={c.dailyHint}>
            <DailyChart days={report.days} t={t} locale={locale} />
          </ChartCard>
          <div className={report.scope === 'team' ? 'grid gap-6 lg:grid-cols-3' : 'grid gap-6 lg:grid-cols-2'}>
            <ChartCard title={c.byKind}>
              <KindDonut slices={report.byKind} total={report.total} t={t} locale={locale} />
            </ChartCard>
            <ChartCard title={c.byModel}>
              <RankedBars slices={report.byModel} locale={locale} empty={c.nothing} />
            </ChartCard>
            {report.scope === 'team' && (
              <ChartCard title={c.byMember}>
                <RankedBars slices={report.byMember} locale={locale} empty={c.nothing} />
              </ChartCard>
            )}
          </div>
          {obedience.length > 0 && (
            <Card data-testid="mask-obedience">
              <CardHeader title={t.dashboard.obedience.title} description={t.dashboard.obedience.hint} className="pb-4" />
              <MaskObedienceTable rows={obedience} range={range} t={t} locale={locale} />
            </Card>
          )}
          {report.byKey.length > 0 && (
            <ChartCard title={c.byKey}>
              <RankedBars
                slices={report.byKey.map((s) => (s.key === 'studio' ? { ...s, label: c.studio } : s))}
                locale={locale}
                empty={c.nothing}
                href={(s) => withQuery('/dashboard', { ...rangeQuery, key: s.key })}
              />
            </ChartCard>
          )}
          <Card>
            <CardHeader title={t.dashboard.top.title} className="pb-3" />
            <TopGenerations rows={report.top} t={t} locale={locale} />
          </Card>
        </>
      )}
    </div>
  );
}

function ChartCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody>{children}</CardBody>
    </Card>
  );
}

import { Suspense, lazy } from 'react';
import { PageSpinner } from '@/components/ui/Spinner';
import { WhenVisible } from '@/components/ui/WhenVisible';

// The chart comes below what a page is for: its code (the chart library) loads, and it draws, when it comes into
// view, not before the heading (docs/performance.md).
const CategoryChart = lazy(() => import('./CategoryChart').then((m) => ({ default: m.CategoryChart })));

/** The spending by category, loaded and drawn when it comes into view; a spinner while its code comes. */
export function CategoryChartOnView({ companyId }: { companyId: string }) {
  return (
    <WhenVisible>
      <Suspense fallback={<PageSpinner />}>
        <CategoryChart companyId={companyId} />
      </Suspense>
    </WhenVisible>
  );
}

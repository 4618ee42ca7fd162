import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

/**
 * Renders its children once the place they take comes near the screen (an `IntersectionObserver`, 200 px ahead):
 * what sits below the fold — a chart — loads its code only if the person scrolls to it. `minHeight` holds its place.
 */
export function WhenVisible({ children, minHeight = 240 }: { children: ReactNode; minHeight?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}

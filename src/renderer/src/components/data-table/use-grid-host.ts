/**
 * The data table grid element's place (DataTable.tsx): a host of its own, first
 * in Blueprint's scroller of the rows, where Blueprint does not draw. `hosted`
 * says the host is in place (the grid is portalled into it only then).
 */
import { useEffect, useState } from 'react';

export function useGridHost(tableBody: HTMLDivElement | null): { gridHost: HTMLDivElement; hosted: boolean } {
  const [gridHost] = useState(() => {
    const host = document.createElement('div');
    host.className = 'data-table-grid-host';
    return host;
  });
  const [hosted, setHosted] = useState(false);
  useEffect(() => {
    if (!tableBody) return;
    // Placed once Blueprint has drawn its scroller, and again should Blueprint draw another.
    const place = () => {
      const scroller = tableBody.querySelector('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
      if (scroller && scroller.firstChild !== gridHost) scroller.insertBefore(gridHost, scroller.firstChild);
      setHosted(scroller !== null);
    };
    const observer = new MutationObserver(place);
    observer.observe(tableBody, { childList: true, subtree: true });
    queueMicrotask(place);
    return () => {
      observer.disconnect();
      gridHost.remove();
    };
  }, [tableBody, gridHost]);
  return { gridHost, hosted };
}

import { useEffect } from 'react';

/** The browser tab's title for a page: "Settings · Finu". The one way a page names itself (every page calls it, or renders <PageTitle>). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Finu`;
  }, [title]);
}

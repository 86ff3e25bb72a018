import { useEffect } from 'react';

export const SITE_NAME = 'Online Judge';

/** The tab's title: `A + B · Online Judge`, or the site's name alone while the page has none yet. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}

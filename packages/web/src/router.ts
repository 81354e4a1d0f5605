import { useEffect, useState } from 'preact/hooks';

/** The pages, addressed after `#` so that the server serves one file and a link names a table. */
export type Route =
  | { readonly page: 'lobby' }
  | { readonly page: 'table'; readonly id: string }
  | { readonly page: 'watch'; readonly id: string }
  | { readonly page: 'replay'; readonly id: string };

export function parseRoute(hash: string): Route {
  const match = /^#\/(table|watch|replay)\/([A-Za-z0-9_-]{1,40})$/.exec(hash);
  if (match === null) return { page: 'lobby' };
  return { page: match[1] as 'table' | 'watch' | 'replay', id: match[2] as string };
}

export function hrefOf(route: Route): string {
  return route.page === 'lobby' ? '#/' : `#/${route.page}/${route.id}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}

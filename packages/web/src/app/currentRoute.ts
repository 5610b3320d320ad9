import { useMatches } from 'react-router';
import { findRoute, pageRoutes, type PageRoute } from './routeTable';

/** The page route being shown (undefined on the 404 page), found through the `handle` set in routes.tsx. */
export function useCurrentRoute(): PageRoute | undefined {
  const matches = useMatches();
  const handles = new Set(matches.map((match) => match.handle));
  return pageRoutes.find((route) => handles.has(route));
}

/** The route and the routes before it, outermost first. */
export function routeTrail(route: PageRoute): PageRoute[] {
  const trail = [route];
  for (let parent = route.parent && findRoute(route.parent); parent; parent = parent.parent && findRoute(parent.parent)) {
    trail.unshift(parent);
  }
  return trail;
}

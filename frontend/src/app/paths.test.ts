import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { routes } from './router';
import { dashboardRoutes } from './routes/dashboard';
import known from './paths.json';
import screensLoadedLater from './screens.json';

/** Whether a path fits a pattern of paths.json (`:x` one segment, a last `*` the rest). */
function fits(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.at(-1) === '*')
    return have.length >= want.length - 1 && want.slice(0, -1).every((p, i) => p.startsWith(':') || p === have[i]);
  return want.length === have.length && want.every((p, i) => p.startsWith(':') || p === have[i]);
}

function screens(list: RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : base;
    return [...(route.element || route.index ? [here || '/'] : []), ...screens(route.children ?? [], here)];
  });
}

describe('the paths the server knows', () => {
  it('cover every screen of the router, so no real screen answers 404', () => {
    // The dashboard's table is matched under `/dashboard/*`, downloaded when first needed.
    const all = [...screens(routes), ...screens([{ ...dashboardRoutes, path: '/dashboard' }])]
      .filter((path) => path !== '/dashboard/*')
      .map((path) => path.replace(/:[^/]+/g, 'x'));
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((path) => !known.paths.some((pattern) => fits(pattern, path)))).toEqual([]);
  });

  it('leave unknown paths out', () => {
    for (const path of ['/nope', '/products/a/b', '/offers'])
      expect(known.paths.some((pattern) => fits(pattern, path))).toBe(false);
  });

  it('include every screen whose scripts the server preloads', () => {
    const preloaded = Object.keys(screensLoadedLater.lazy);
    expect(preloaded).toContain('/cart');
    const screensOf = (path: string) => known.paths.some((pattern) => fits(pattern, path.replace(/:[^/]+/g, 'x')));
    expect(preloaded.filter((path) => !screensOf(path))).toEqual([]);
  });
});

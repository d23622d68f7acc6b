import type { CSSProperties, HTMLAttributes } from 'react';
import classes from './Grid.module.css';

/** How many columns a row, from a phone up: from 36em (`xs`), 48em (`sm`) and 62em (`md`); a
 * width not given keeps the narrower one's count. */
interface Columns {
  base: number;
  xs?: number;
  sm?: number;
  md?: number;
}

/** Children in equal columns, as many a row as the screen's width is given. Every count is
 * written on the grid itself, so a grid inside another inherits none of the outer's. */
export function Grid({
  cols,
  gap = '0.75rem',
  style,
  className,
  ...rest
}: { cols: Columns; gap?: string } & HTMLAttributes<HTMLDivElement>) {
  const xs = cols.xs ?? cols.base;
  const sm = cols.sm ?? xs;
  const counts = { '--cols': cols.base, '--cols-xs': xs, '--cols-sm': sm, '--cols-md': cols.md ?? sm };
  return (
    <div
      {...rest}
      className={`${classes.grid} ${className ?? ''}`}
      style={{ ...counts, '--grid-gap': gap, ...style } as CSSProperties}
    />
  );
}

import type { KeyboardEvent } from 'react';

/**
 * A keydown handler for an element that is clicked but is not a button (a
 * row of a list, a title in the chart): Enter does what a click does. Space
 * is left to the app, where it starts and stops autoplay.
 *
 * @example
 * <div role="button" tabIndex={0} onClick={pick} onKeyDown={onEnter(pick)}>…</div>
 */
export function onEnter(action: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };
}

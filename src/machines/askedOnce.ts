/**
 * A guard asked once per question. A table's guards are pure functions of the
 * context, the event and their params, and a context is never changed in
 * place (every change makes a new one), so the same three objects always get
 * the same answer. The chart asks the same question many times in one step:
 * after every microstep each atomic state asks its ancestors' eventless
 * guards again (a move asked whether the game is over four or five times).
 *
 * @example
 * const isOver = askedOnce((context: TableContext) => gameEnds(game, context))
 */
export function askedOnce<C, E, P>(ask: (context: C, event: E, params: P) => boolean) {
  let asked = false;
  let lastContext: C | undefined;
  let lastEvent: E | undefined;
  let lastParams: P | undefined;
  let answer = false;
  return (context: C, event: E, params: P): boolean => {
    if (!asked || context !== lastContext || event !== lastEvent || params !== lastParams) {
      asked = false;
      answer = ask(context, event, params);
      lastContext = context;
      lastEvent = event;
      lastParams = params;
      asked = true;
    }
    return answer;
  };
}

/** A screen's code could not be fetched (the browser-mode host gone, a file missing): not a bug in the screen. */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('a screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

/** What every part of the peer bench says the same way. */
export const WORD = 'uber';
export const log = (line: string) => console.log(`[bench:peer] ${line}`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

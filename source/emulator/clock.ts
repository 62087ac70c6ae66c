/**
 * The emulator's notion of "now", injectable so tests can expire OAuth2 codes and roll the
 * daily create window without sleeping.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

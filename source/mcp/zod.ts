/**
 * zod for the door's tool schemas: the same functional build (zod/mini) as discord/zod.ts, imported here
 * so that the build gives the door its own copy (scripts/build.mjs, door-zod): the JSON Schema the SDK
 * makes of these schemas loads only with the door, never on the TUI's start. Both copies share zod's
 * registry (the descriptions below) and configuration (discord/zod.ts sets English messages).
 */
export * from 'zod/mini';

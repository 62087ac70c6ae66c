// Types for the undici file source/api/undici-core.ts loads directly (undici ships types for its index only).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}

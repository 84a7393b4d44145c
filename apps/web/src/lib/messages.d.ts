/** One part of a language's messages, made by the `portal:locale-parts` Vite plugin (locale-parts.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}

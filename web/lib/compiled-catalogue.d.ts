// A catalogue imported with `?ast` (`common/i18n/lang/fr-CA.json?ast`): its messages by id, compiled to the syntax
// trees react-intl formats when the app is built (scripts/precompiled-messages.ts, docs/decisions/0395).
declare module '*.json?ast' {
  const messages: Record<string, import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}

/**
 * html-validate's configuration for the prerendered site (dist/**.html), checked by
 * tests/e2e/html-validate.test.ts: the recommended rules, with the few changes below, each for a
 * reason in what writes the HTML (React, the document template), none to hide a fault.
 */
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // Off: two writers, two valid spellings. React writes void elements self-closed (`<img/>`),
    // the document template (renderer/prerender-pages.ts) writes them bare (`<meta>`); HTML
    // reads both alike, and neither writer can be made to write the other's.
    'void-style': 'off',
    // React writes boolean attributes with an empty value (`hidden=""`), which HTML reads as the
    // attribute present; the rule's other style (omit the value) React cannot write.
    'attribute-empty-style': ['error', { style: 'empty' }],
    // React writes some attributes under their DOM property name (`hrefLang`, `dateTime`,
    // `autoComplete`); HTML attribute names are case-insensitive. Lowercase stays the rule for
    // everything else: camelCase is the only other spelling allowed.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React's useId() makes ids such as `_R_5l5m_`, valid HTML ids (unique, no whitespace) that
    // do not start with a letter; relaxed checks exactly what HTML requires of an id.
    'valid-id': ['error', { relaxed: true }],
  },
};

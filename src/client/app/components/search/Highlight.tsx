import { normaliseForSearch } from '../../../../domain/search';

// Marks the matched part of a result's name. Matching itself is the domain's; this only finds where
// to draw. Lower-casing and ё→е keep Cyrillic text the same length, so an index in the folded text is
// an index in the original; a query whose spaces were collapsed simply gets no mark.

function fold(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е');
}

export function Highlight({ text, query }: { text: string; query: string }) {
  const needle = normaliseForSearch(query);
  const at = needle ? fold(text).indexOf(needle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

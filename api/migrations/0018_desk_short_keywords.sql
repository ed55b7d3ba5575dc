-- The desk's keyword search for keywords of one or two characters (issue 15 item 5). Two-character words are common
-- in Chinese, Japanese and Korean ("充值", "退款", "로그"), and pg_trgm (migration 0016) finds nothing shorter than
-- three characters in its indexes, so such a keyword was tested on every ticket in turn: 17 s at a million tickets.
--
-- desk_search_grams(text) is every character and every pair of neighbouring characters of the text, lowered as
-- ILIKE lowers it (lower() with the database's collation), in any script. A ticket holds a keyword of one or two
-- characters, ignoring case, exactly when its title's or question's grams hold the lowered keyword, so a GIN index
-- on them finds its tickets (api/src/tickets/desk-keyword.ts keeps the ILIKE as well: the index only narrows).
CREATE FUNCTION desk_search_grams(value text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  characters text[] := string_to_array(lower(value), NULL);
  grams text[] := characters;
BEGIN
  FOR position IN 1 .. cardinality(characters) - 1 LOOP
    grams := grams || (characters[position] || characters[position + 1]);
  END LOOP;
  RETURN grams;
END;
$$;

CREATE INDEX tickets_search_grams_idx ON tickets USING gin ((desk_search_grams(title) || desk_search_grams(content)));
CREATE INDEX accounts_search_grams_idx ON accounts USING gin (desk_search_grams(account));

-- The desk's keyword search for numbers (issue 15 item 5): an order number pasted from a payment report
-- ("ORD-0500000") took 150 ms at p95 at a million tickets, as its trigrams ("ord", " 05", "050", "500", "000") are
-- each in a large share of the tickets, and pg_trgm intersected their long lists before ILIKE tested the few left.
--
-- desk_search_numbers(text) is every run of five ASCII digits found inside the text's runs of digits (its 5-digit
-- windows): a ticket whose title or question holds a keyword, ignoring case, holds each window of each of the
-- keyword's runs of five digits or more, as a digit is a digit in any case and a run of the keyword is part of a run
-- of the text. A GIN index on them narrows such a keyword to the tickets holding all its windows, a handful where a
-- number is an order's; ILIKE stays the final check (api/src/tickets/desk-keyword.ts), so the answers are the same.
CREATE FUNCTION desk_search_numbers(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT substr(run[1], position, 5)), '{}')
  FROM regexp_matches(value, '[0-9]{5,}', 'g') AS run, generate_series(1, length(run[1]) - 4) AS position
$$;

CREATE INDEX tickets_search_numbers_idx ON tickets USING gin ((desk_search_numbers(title) || desk_search_numbers(content)));

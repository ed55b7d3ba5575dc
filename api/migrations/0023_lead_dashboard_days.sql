-- The lead's dashboard at a million tickets (issue 15 item 5): its 30 days took 120 ms at p50 and 200 at p95, most of
-- it reading the range's 40,000 first answers and ends from their indexes and sorting them, by day and for the whole
-- range, each time the dashboard is read.
--
-- A row per measure and UTC day now keeps what the dashboard shows of it: the tickets opened that day, and the
-- times from opening of the tickets first answered or ended that day, every one of them, in ascending order (the
-- same doubles as migration 0022's columns). A day's percentiles are then read from its row without sorting, and
-- the range's from its days' times, so the figures stay exact. A trigger keeps the rows in step with every write to
-- a ticket's opening, first answer or end, in the writing transaction; a day's row is locked by each ticket it
-- counts until that transaction ends, a few milliseconds, so tickets opened, answered or ended at the same moment
-- queue there briefly.
CREATE TABLE lead_dashboard_days (
  measure text NOT NULL CHECK (measure IN ('opened', 'first_response', 'resolution')),
  day date NOT NULL,
  tickets integer NOT NULL CHECK (tickets >= 0),
  -- Seconds from opening, ascending, one per ticket; empty for 'opened', which counts tickets only.
  seconds double precision[] NOT NULL,
  PRIMARY KEY (measure, day)
);

-- Adds (change 1) or removes (change -1) one ticket's entry at `at` (UTC day), with its time from opening.
CREATE FUNCTION lead_dashboard_days_change(p_measure text, p_at timestamptz, p_seconds double precision, p_change integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry_day date := (p_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF p_change > 0 THEN
    INSERT INTO lead_dashboard_days AS d (measure, day, tickets, seconds)
    VALUES (p_measure, entry_day, 1, CASE WHEN p_seconds IS NULL THEN '{}' ELSE ARRAY[p_seconds] END)
    ON CONFLICT (measure, day) DO UPDATE
    SET tickets = d.tickets + 1,
        seconds = CASE WHEN p_seconds IS NULL THEN d.seconds ELSE ARRAY(SELECT v FROM unnest(d.seconds || p_seconds) v ORDER BY v) END;
  ELSE
    -- One occurrence of the time goes, wherever it is: other tickets may have taken exactly as long.
    UPDATE lead_dashboard_days d
    SET tickets = d.tickets - 1,
        seconds = CASE WHEN p_seconds IS NULL THEN d.seconds
                       ELSE d.seconds[:array_position(d.seconds, p_seconds) - 1] || d.seconds[array_position(d.seconds, p_seconds) + 1:] END
    WHERE d.measure = p_measure AND d.day = entry_day;
  END IF;
END;
$$;

-- A ticket's entry of one measure moves from (old_at, old_seconds) to (new_at, new_seconds); a null time is none.
CREATE FUNCTION lead_dashboard_days_move(p_measure text, old_at timestamptz, old_seconds double precision, new_at timestamptz,
                                         new_seconds double precision)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF old_at IS NOT DISTINCT FROM new_at AND old_seconds IS NOT DISTINCT FROM new_seconds THEN
    RETURN;
  END IF;
  IF old_at IS NOT NULL THEN
    PERFORM lead_dashboard_days_change(p_measure, old_at, old_seconds, -1);
  END IF;
  IF new_at IS NOT NULL THEN
    PERFORM lead_dashboard_days_change(p_measure, new_at, new_seconds, 1);
  END IF;
END;
$$;

-- OLD is null on an insert and NEW on a delete, so each case is a move from or to nothing.
CREATE FUNCTION tickets_lead_dashboard_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_dashboard_days_move('opened', OLD.created_at, NULL, NEW.created_at, NULL);
  PERFORM lead_dashboard_days_move('first_response', OLD.first_agent_reply_at, OLD.first_response_seconds, NEW.first_agent_reply_at,
                                   NEW.first_response_seconds);
  PERFORM lead_dashboard_days_move('resolution', OLD.ended_at, OLD.resolution_seconds, NEW.ended_at, NEW.resolution_seconds);
  RETURN NULL;
END;
$$;

CREATE TRIGGER tickets_lead_dashboard_days AFTER INSERT OR DELETE OR UPDATE OF created_at, first_agent_reply_at, ended_at ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_lead_dashboard_days();

-- Every day's rows written again from the tickets: here for the tickets already there, and by a bulk load that
-- writes tickets with triggers off (the bench's seed).
CREATE FUNCTION lead_dashboard_days_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM lead_dashboard_days;
  INSERT INTO lead_dashboard_days (measure, day, tickets, seconds)
  SELECT entry.measure, (entry.at AT TIME ZONE 'UTC')::date, count(*),
         coalesce(array_agg(entry.seconds ORDER BY entry.seconds) FILTER (WHERE entry.seconds IS NOT NULL), '{}')
  FROM tickets t
  CROSS JOIN LATERAL (VALUES ('opened', t.created_at, NULL::double precision),
                             ('first_response', t.first_agent_reply_at, t.first_response_seconds),
                             ('resolution', t.ended_at, t.resolution_seconds)) AS entry (measure, at, seconds)
  WHERE entry.at IS NOT NULL
  GROUP BY 1, 2;
$$;

SELECT lead_dashboard_days_rebuild();

-- The continuous percentile `fraction` of ascending `sorted`, as percentile_cont computes it over the same values
-- (the rows at floor and ceil of fraction * (n - 1), interpolated between): a day's figure without sorting it.
CREATE FUNCTION sorted_percentile_cont(sorted double precision[], fraction double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sorted[lower_row + 1] + (position - lower_row) * (sorted[upper_row + 1] - sorted[lower_row + 1])
  FROM (SELECT fraction * (cardinality(sorted) - 1) AS position) p
  CROSS JOIN LATERAL (SELECT floor(p.position)::int AS lower_row, ceil(p.position)::int AS upper_row) r
$$;

-- Opening a ticket in one round trip (issue 5: at least 1,000 tickets a second). The rules that must hold across
-- API replicas (one ticket per (account, requestId), at most so many open tickets and so many new tickets an hour
-- per player) are checked and the ticket inserted in one call, under the account's row lock, instead of a dozen
-- statements each waiting on the network. The API validates the input with the shared schemas and passes the
-- limits, the open statuses and its clock; this function only decides under the lock.
--
-- The player's creates take turns on the account's row. The function is VOLATILE, so under READ COMMITTED every
-- statement after the lock takes a fresh snapshot and sees the ticket of a create that held the lock before it:
-- a copy of the same request finds that ticket, and the counts include it.
--
-- The place (p_server_id, p_area_id, p_role_id) is given for an official ticket and null for a platform one.
-- outcome: 'created' or 'earlier' (inquiry_id set), 'too_many_new' (window_oldest: the counted ticket whose leaving
-- the window frees a place), 'too_many_open', or the first reference not found: 'game', 'category', 'server',
-- 'area', 'role'.
CREATE FUNCTION open_ticket(
  p_account_id bigint,
  p_request_id uuid,
  p_now timestamptz,
  p_open_statuses text[],
  p_open_max integer,
  p_creates_since timestamptz,
  p_creates_max integer,
  p_ticket_type text,
  p_game_id integer,
  p_server_id text,
  p_area_id text,
  p_role_id text,
  p_category_id integer,
  p_title text,
  p_content text,
  p_contact_kind text,
  p_contact text,
  p_lang text,
  OUT outcome text,
  OUT inquiry_id bigint,
  OUT window_oldest timestamptz
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_counted integer;
  v_role_name text;
BEGIN
  PERFORM 1 FROM accounts WHERE id = p_account_id FOR UPDATE;

  SELECT t.id INTO inquiry_id FROM tickets t WHERE t.account_id = p_account_id AND t.request_id = p_request_id;
  IF FOUND THEN
    outcome := 'earlier';
    RETURN;
  END IF;

  -- Only the newest p_creates_max are read: the answer is the same, and a long-standing player costs no more.
  SELECT count(*), min(recent.created_at) INTO v_counted, window_oldest
  FROM (SELECT t.created_at FROM tickets t WHERE t.account_id = p_account_id AND t.created_at > p_creates_since
        ORDER BY t.created_at DESC LIMIT p_creates_max) recent;
  IF v_counted >= p_creates_max THEN
    outcome := 'too_many_new';
    RETURN;
  END IF;
  window_oldest := NULL;

  SELECT count(*) INTO v_counted
  FROM (SELECT 1 FROM tickets t WHERE t.account_id = p_account_id AND t.status = ANY (p_open_statuses) LIMIT p_open_max) open;
  IF v_counted >= p_open_max THEN
    outcome := 'too_many_open';
    RETURN;
  END IF;

  IF NOT EXISTS (SELECT 1 FROM games g WHERE g.id = p_game_id AND g.published) THEN
    outcome := 'game';
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM inquiry_categories c WHERE c.id = p_category_id AND c.published) THEN
    outcome := 'category';
    RETURN;
  END IF;
  -- An official ticket names the server published in that game, the region on that server and the player's own
  -- character there; the stored character name is the game's, not what the form sent.
  IF p_server_id IS NOT NULL THEN
    IF NOT EXISTS (SELECT 1 FROM game_servers s WHERE s.game_id = p_game_id AND s.id = p_server_id AND s.published) THEN
      outcome := 'server';
      RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM game_areas a WHERE a.game_id = p_game_id AND a.server_id = p_server_id AND a.id = p_area_id) THEN
      outcome := 'area';
      RETURN;
    END IF;
    SELECT r.name INTO v_role_name FROM game_roles r
    WHERE r.game_id = p_game_id AND r.server_id = p_server_id AND r.id = p_role_id AND r.area_id = p_area_id
      AND r.account_id = p_account_id;
    IF NOT FOUND THEN
      outcome := 'role';
      RETURN;
    END IF;
  END IF;

  INSERT INTO tickets (account_id, request_id, ticket_type, game_id, server_id, area_id, role_id, role_name,
                       category_id, title, content, contact_kind, contact, lang, status, created_at, updated_at,
                       waiting_since)
  VALUES (p_account_id, p_request_id, p_ticket_type, p_game_id, p_server_id, p_area_id, p_role_id, v_role_name,
          p_category_id, p_title, p_content, p_contact_kind, p_contact, p_lang, 'processing', p_now, p_now, p_now)
  RETURNING id INTO inquiry_id;
  outcome := 'created';
END
$$;

-- Games catalogue and browser error reports.
-- games.id is the public game id (routes, clientId, tickets): later tables (inquiries, faqs, servers, roles)
-- reference it with foreign keys, so it is an explicit integer, never renumbered by a re-seed.

CREATE TABLE games (
  id integer PRIMARY KEY CHECK (id > 0),
  -- Folder of the game's artwork under /assets/games/<slug>/.
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 64),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  sort_order integer NOT NULL DEFAULT 0,
  -- Top-up URL (SPEC "link.payment") and self-service repay URL ("link.replenishment").
  payment_url text,
  replenishment_url text,
  -- Lets an operator withdraw a game from the lists without deleting the tickets that reference it.
  published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX games_listing_idx ON games (sort_order, id) WHERE published;

-- Per-language text of a game; a language without a row falls back to English when read.
CREATE TABLE game_texts (
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN (
    'ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'
  )),
  sub_title text NOT NULL,
  genre text NOT NULL,
  -- [{ "id": "story", "title": "...", "body": "..." }, ...] in display order; ids are URL anchors.
  sections jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sections) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, lang)
);

-- Network and HTTP errors browsers report (SPEC §8, code 1106).
CREATE TABLE client_errors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  code integer NOT NULL,
  message text NOT NULL,
  method text,
  url text,
  status integer,
  page text,
  spec_lang text,
  domain_area text,
  -- Brand resolved from the reporting site's host, and the browser, to group reports.
  brand text,
  user_agent text
);

CREATE INDEX client_errors_received_at_idx ON client_errors (received_at);

-- Reference data of the support screens (SPEC §2 support centre, §3 csForm, §7 /faqs, /inquiries/types, /game/*):
-- help-topic types and topics, inquiry (question) categories, servers, their regions, players' characters and
-- download links. Player-visible texts live in *_texts tables, one row per language; a missing language falls back
-- to English when read. Ids are explicit and stable, never renumbered by a re-seed: tickets will reference
-- inquiry_categories (id), game_servers (game_id, id), game_areas (game_id, server_id, id) and
-- game_roles (game_id, server_id, id) with foreign keys.

CREATE TABLE faq_types (
  id integer PRIMARY KEY CHECK (id > 0),
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE faq_type_texts (
  type_id integer NOT NULL REFERENCES faq_types (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN (
    'ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'
  )),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  PRIMARY KEY (type_id, lang)
);

-- A help topic; faq_games says which games show it (general topics are linked to every game).
CREATE TABLE faqs (
  id integer PRIMARY KEY CHECK (id > 0),
  type_id integer NOT NULL REFERENCES faq_types (id),
  sort_order integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT true
);

CREATE TABLE faq_games (
  faq_id integer NOT NULL REFERENCES faqs (id) ON DELETE CASCADE,
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  PRIMARY KEY (game_id, faq_id)
);

CREATE TABLE faq_texts (
  faq_id integer NOT NULL REFERENCES faqs (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN (
    'ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'
  )),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- Plain text; paragraphs separated by a blank line.
  answer text NOT NULL CHECK (length(answer) BETWEEN 1 AND 5000),
  PRIMARY KEY (faq_id, lang)
);

-- Question categories of the inquiry form (csForm.queryType), the same for every game.
CREATE TABLE inquiry_categories (
  id integer PRIMARY KEY CHECK (id > 0),
  sort_order integer NOT NULL DEFAULT 0,
  -- Withdrawn categories stay for the tickets that reference them.
  published boolean NOT NULL DEFAULT true
);

CREATE TABLE inquiry_category_texts (
  category_id integer NOT NULL REFERENCES inquiry_categories (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN (
    'ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'
  )),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  PRIMARY KEY (category_id, lang)
);

-- Servers of a game. Ids start with a lowercase s (SPEC §4); names are proper names, the same in every language.
CREATE TABLE game_servers (
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  id text NOT NULL CHECK (id ~ '^s[A-Za-z0-9_-]*$' AND length(id) BETWEEN 2 AND 32),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  sort_order integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT true,
  PRIMARY KEY (game_id, id)
);

-- Regions (areas) of a server.
CREATE TABLE game_areas (
  game_id integer NOT NULL,
  server_id text NOT NULL,
  id text NOT NULL CHECK (id ~ '^[A-Za-z0-9_-]+$' AND length(id) <= 32),
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, server_id, id),
  FOREIGN KEY (game_id, server_id) REFERENCES game_servers (game_id, id) ON DELETE CASCADE
);

CREATE TABLE game_area_texts (
  game_id integer NOT NULL,
  server_id text NOT NULL,
  area_id text NOT NULL,
  lang text NOT NULL CHECK (lang IN (
    'ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'
  )),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  PRIMARY KEY (game_id, server_id, area_id, lang),
  FOREIGN KEY (game_id, server_id, area_id) REFERENCES game_areas (game_id, server_id, id) ON DELETE CASCADE
);

-- A player's characters (roles) in a game, as the game servers report them. Role ids are unique per server.
CREATE TABLE game_roles (
  game_id integer NOT NULL,
  server_id text NOT NULL,
  id text NOT NULL CHECK (id ~ '^[A-Za-z0-9_-]+$' AND length(id) <= 32),
  area_id text NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The character's name as its player chose it.
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  level integer NOT NULL CHECK (level >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_id, server_id, id),
  FOREIGN KEY (game_id, server_id, area_id) REFERENCES game_areas (game_id, server_id, id) ON DELETE CASCADE
);

CREATE INDEX game_roles_account_idx ON game_roles (account_id, game_id, server_id);

-- Where to download a game, per platform (SPEC §2 "game download list"); a game without rows has none yet.
CREATE TABLE game_downloads (
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('android', 'ios', 'pc')),
  url text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2000),
  PRIMARY KEY (game_id, platform)
);

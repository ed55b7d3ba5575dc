-- Canned replies of the agents' desk (issue 15): texts agents keep per language and insert into a reply. Validation
-- happens in the API with the shared schemas (title up to 80 characters, text up to one reply's 400); the checks
-- here are the last line that keeps impossible rows out.
CREATE TABLE canned_replies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lang text NOT NULL CHECK (lang IN (
    'ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'
  )),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 80),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 400),
  -- The agent who last wrote it; the demo data's rows have none, and a removed account leaves the text in place.
  updated_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One title per language, ignoring case, so the picker never offers two entries agents cannot tell apart; it is
-- also the order the desk lists them in.
CREATE UNIQUE INDEX canned_replies_title_key ON canned_replies (lang, lower(title));

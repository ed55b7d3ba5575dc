-- Tickets of the support centre (SPEC §3 Inquiry and ticket concepts, §4 ticket display states, §5 rules) with
-- their messages, attachments and ratings (DESIGN §5). Times are written by the API from its own clock, so tests
-- move time (the 24-hour auto-end) without sleeping. Validation happens in the API with the shared schemas; the
-- checks here are the last line that keeps impossible rows out.

CREATE TABLE tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The browser's id for this submission: a retry with the same id answers with this ticket (idempotency).
  request_id uuid NOT NULL,
  -- '1' official (about a game: server, region and character are set); '0' platform (about our service).
  ticket_type text NOT NULL CHECK (ticket_type IN ('1', '0')),
  game_id integer NOT NULL REFERENCES games (id),
  server_id text,
  area_id text,
  role_id text,
  role_name text CHECK (role_name IS NULL OR length(role_name) BETWEEN 1 AND 64),
  category_id integer NOT NULL REFERENCES inquiry_categories (id),
  title text NOT NULL CHECK (length(title) BETWEEN 2 AND 100),
  content text NOT NULL CHECK (length(content) BETWEEN 10 AND 400),
  contact_kind text NOT NULL CHECK (contact_kind IN ('email', 'phone')),
  contact text NOT NULL CHECK (length(contact) BETWEEN 3 AND 254),
  -- The language the player wrote in, for agents and mail.
  lang text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'waiting_reply', 'replied', 'waiting_rating', 'ended')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Since when an agent owes the next message (status processing or waiting_reply): the agents' queue is served
  -- oldest first by it, and more messages from the player while waiting do not move the ticket back.
  waiting_since timestamptz,
  -- Last agent message; the 24-hour auto-end counts from it while the status is 'replied'.
  last_agent_reply_at timestamptz,
  -- The player last opened the ticket; an agent reply or an auto-end after it is new feedback.
  player_read_at timestamptz,
  -- Set when an agent replies or the chat ends by itself; cleared when the player reads it.
  feedback_at timestamptz,
  ended_by text CHECK (ended_by IN ('player', 'agent', 'system')),
  ended_at timestamptz,
  CONSTRAINT tickets_request_key UNIQUE (account_id, request_id),
  CONSTRAINT tickets_official_has_game_details CHECK (
    ticket_type = '0' OR (server_id IS NOT NULL AND area_id IS NOT NULL AND role_id IS NOT NULL AND role_name IS NOT NULL)
  ),
  CONSTRAINT tickets_ended_consistent CHECK ((ended_at IS NULL) = (status NOT IN ('waiting_rating', 'ended'))),
  CONSTRAINT tickets_waiting_consistent CHECK ((waiting_since IS NULL) = (status NOT IN ('processing', 'waiting_reply'))),
  FOREIGN KEY (game_id, server_id) REFERENCES game_servers (game_id, id),
  FOREIGN KEY (game_id, server_id, area_id) REFERENCES game_areas (game_id, server_id, id)
);

CREATE INDEX tickets_account_idx ON tickets (account_id, created_at DESC, id DESC);
CREATE INDEX tickets_status_idx ON tickets (status, updated_at);
-- The agents' queue: tickets waiting for an agent, longest waiting first.
CREATE INDEX tickets_waiting_idx ON tickets (waiting_since) WHERE waiting_since IS NOT NULL;
-- The auto-end job's scan: replied chats by the time of the last agent reply.
CREATE INDEX tickets_auto_end_idx ON tickets (last_agent_reply_at) WHERE status = 'replied';
CREATE INDEX tickets_feedback_idx ON tickets (account_id) WHERE feedback_at IS NOT NULL;

-- Player and agent messages after the question, in order.
CREATE TABLE ticket_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('player', 'agent')),
  -- The account that wrote it: the ticket's owner, or the agent.
  author_account_id bigint NOT NULL REFERENCES accounts (id),
  request_id uuid NOT NULL,
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 400),
  created_at timestamptz NOT NULL,
  CONSTRAINT ticket_messages_request_key UNIQUE (ticket_id, author_account_id, request_id)
);

CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, id);

-- Uploaded files. Stored outside any web root under `storage_key` (disk folder or S3 bucket); the bytes are served
-- only through the API to the ticket's owner and agents. A file belongs to its uploader until it is attached to
-- one ticket (the question) or one message; unattached files expire.
CREATE TABLE files (
  id uuid PRIMARY KEY,
  owner_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  ticket_id bigint REFERENCES tickets (id) ON DELETE CASCADE,
  message_id bigint REFERENCES ticket_messages (id) ON DELETE CASCADE,
  -- 'receiving' while the bytes arrive: the row holds the upload's place among the uploader's pending files before
  -- anything is kept, so parallel uploads cannot all pass the limit. 'stored' once the bytes are checked and kept;
  -- only stored files are attached or served.
  state text NOT NULL CHECK (state IN ('receiving', 'stored')),
  -- The name shown and offered on download: cleaned of paths and control characters, extension kept.
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  kind text NOT NULL CHECK (kind IN ('image', 'video', 'other')),
  -- What the content was found to be (magic bytes), never what the browser claimed.
  content_type text,
  size integer CHECK (size > 0),
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  attached_at timestamptz,
  CONSTRAINT files_stored_complete CHECK (state = 'receiving' OR (content_type IS NOT NULL AND size IS NOT NULL AND sha256 IS NOT NULL)),
  CONSTRAINT files_attached_stored CHECK (ticket_id IS NULL OR state = 'stored'),
  CONSTRAINT files_attached_once CHECK (message_id IS NULL OR ticket_id IS NOT NULL),
  CONSTRAINT files_attached_consistent CHECK ((attached_at IS NULL) = (ticket_id IS NULL))
);

CREATE INDEX files_ticket_idx ON files (ticket_id, message_id);
CREATE INDEX files_pending_idx ON files (owner_account_id, created_at) WHERE ticket_id IS NULL;

-- One rating per ticket, after it ended.
CREATE TABLE ticket_ratings (
  ticket_id bigint PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
  score integer NOT NULL CHECK (score BETWEEN 1 AND 5),
  reasons text[] NOT NULL DEFAULT '{}',
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 400),
  created_at timestamptz NOT NULL
);

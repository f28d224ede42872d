-- Text search stops early. Before walking the list order for a word, the list asks how
-- many of the user's rows match, up to a small cap, through the GIN index only: with index and
-- sequential scans off inside this function, the planner can only answer with a bitmap scan of
-- transactions_search_idx, on PGlite and PostgreSQL alike (a LIMIT would otherwise tempt it to walk
-- the user's rows hoping to meet a rare word early). Cost: the word's posting list plus at most `cap` rows.
CREATE FUNCTION "finu_search_matches_upto"(u uuid, q tsquery, cap integer) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE
SET enable_seqscan = off
SET enable_indexscan = off
SET enable_indexonlyscan = off
AS $$
  SELECT count(*)::integer FROM (SELECT 1 FROM transactions WHERE user_id = u AND search @@ q LIMIT cap) AS s
$$;

-- Opens a signed-in request (see src/server/auth/session.ts): finds the unexpired session, sets
-- the row-level-security actor and switches to app_user, in one call whose plans PL/pgSQL caches.
-- app.is_admin is 'true' only when the route is an admin route and the user holds the admin role.
CREATE OR REPLACE FUNCTION app_open_request(p_token text, p_admin_route boolean)
RETURNS TABLE (user_id text, session_id text, email text, email_verified boolean, is_admin boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  found_session record;
  holds_admin boolean;
BEGIN
  SELECT s.user_id AS uid, s.id AS sid, u.email AS mail, u.email_verified AS verified INTO found_session
  FROM session s JOIN "user" u ON u.id = s.user_id
  WHERE s.token = p_token AND s.expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  holds_admin := EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = found_session.uid AND r.role = 'admin');
  PERFORM set_config('app.user_id', found_session.uid, true),
          set_config('app.is_admin', CASE WHEN p_admin_route AND holds_admin THEN 'true' ELSE 'false' END, true),
          set_config('role', 'app_user', true);
  user_id := found_session.uid;
  session_id := found_session.sid;
  email := found_session.mail;
  email_verified := found_session.verified;
  is_admin := holds_admin;
  RETURN NEXT;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_open_request(text, boolean) FROM PUBLIC;

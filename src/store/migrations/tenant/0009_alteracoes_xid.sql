-- Notifications (D52, ADR 0022): once a second one instance reads which companies' tables changed
-- between the last scan's horizon and the current one, by the writing transaction's id. The feed's
-- own index starts with the company, so this range needs one of its own.
CREATE INDEX alteracoes_xid ON alteracoes (xid);

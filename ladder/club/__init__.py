"""The club's own domain beyond one event (pure): its stored history as plain data, seasons
and awards, sections, bughouse teams, prizes, pool health and the charts drawn from them."""

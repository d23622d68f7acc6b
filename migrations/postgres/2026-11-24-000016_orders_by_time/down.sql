DROP INDEX orders_guests_by_time;
DROP INDEX orders_clients_by_time;

DROP TABLE courier_reports;
DROP TABLE shipments;

-- llmsql-java demo benchmark: "Northbeam Software GmbH", a small European software company.
--
-- Six tables in the SQLite dialect. Column names follow WikiSQL habits: spaces and
-- punctuation ("Hire Date", "Salary (USD)", "Hours/Week", "Order No."), so every
-- identifier is double-quoted. Rebuild demo.sqlite with:  python3 build_demo_db.py
--
-- The data is fixed (no random()), so every query gives the same answer on every build.

BEGIN TRANSACTION;

CREATE TABLE "departments" (
    "Dept ID"       INTEGER PRIMARY KEY,
    "Department"    TEXT NOT NULL,
    "Location"      TEXT,
    "Budget (USD)"  REAL,
    "Head Count"    INTEGER,
    "Established"   INTEGER
);

INSERT INTO "departments" VALUES
    (1, 'Engineering',      'Berlin', 2450000.0, 10, 2009),
    (2, 'Sales',            'London', 1200000.0,  7, 2010),
    (3, 'Marketing',        'London',  650000.0,  4, 2012),
    (4, 'Finance',          'Berlin',  480000.0,  3, 2009),
    (5, 'Human Resources',  'Berlin',  310000.0,  3, 2011),
    (6, 'Customer Support', 'Lisbon',  520000.0,  4, 2014),
    (7, 'Research',         'Zurich',       NULL,  2, 2021),
    (8, 'Legal',            'London',  150000.0,  0, 2024);

CREATE TABLE "employees" (
    "Employee ID"   INTEGER PRIMARY KEY,
    "Name"          TEXT NOT NULL,
    "Department"    TEXT,
    "Title"         TEXT,
    "Hire Date"     TEXT,
    "Salary (USD)"  INTEGER,
    "Bonus %"       REAL,
    "Manager ID"    INTEGER,
    "Office Code"   TEXT,
    "Floor"         INTEGER,
    "Notes"         TEXT
);

INSERT INTO "employees" VALUES
    ( 1, 'Margaret Okafor',  'Engineering',      'VP of Engineering',          '2012-03-05', 185000, 15.0, NULL, '1',  1, NULL),
    ( 2, 'Daniel Fischer',   'Engineering',      'Staff Engineer',             '2013-07-22', 142000, 10.0,    1, '1',  1, 'On-call lead; mentors new hires'),
    ( 3, 'Priya Nair',       'Engineering',      'Senior Engineer',            '2016-01-11', 128000, NULL,    2, '2',  2, NULL),
    ( 4, 'Tomás Ortega',     'Engineering',      'Software Engineer',          '2019-09-02', 104000,  5.0,    2, '2',  2, NULL),
    ( 5, 'Aiko Tanaka',      'Engineering',      'Software Engineer',          '2020-02-17', 101000, NULL,    2, '2',  2, 'Relocated from the Tokyo office'),
    ( 6, 'Lukas Becker',     'Engineering',      'QA Engineer',                '2018-05-14',  88000,  5.0,    2, '3A', 3, NULL),
    ( 7, 'Sofia Rossi',      'Engineering',      'DevOps Engineer',            '2017-11-06', 119000,  7.5,    1, '1',  1, NULL),
    ( 8, 'Ethan Brooks',     'Engineering',      'Junior Engineer',            '2023-06-19',  78000, NULL,    2, '3A', 3, 'Graduate programme'),
    ( 9, 'Hannah Schmidt',   'Engineering',      'Data Engineer',              '2021-04-12', 112000,  5.0,    1, '2',  2, NULL),
    (10, 'Oliver Grant',     'Engineering',      'Software Engineer',          '2022-08-29',  99000, NULL,    2, '2',  2, NULL),
    (11, 'Rachel Adeyemi',   'Sales',            'Head of Sales',              '2011-10-03', 160000, 20.0, NULL, 'L1', 1, NULL),
    (12, 'James Whitaker',   'Sales',            'Account Executive',          '2014-05-19',  96000, 12.5,   11, 'L1', 1, NULL),
    (13, 'Chloé Dubois',     'Sales',            'Account Executive',          '2016-09-12',  94000, 12.5,   11, 'L1', 1, 'Covers France; Belgium'),
    (14, 'Marcus Lee',       'Sales',            'Account Executive',          '2019-01-07',  90000, 10.0,   11, 'L2', 2, NULL),
    (15, 'Fatima Zahra',     'Sales',            'Sales Development Rep',      '2022-03-14',  62000,  8.0,   12, 'L2', 2, NULL),
    (16, 'Noah Williams',    'Sales',            'Sales Development Rep',      '2023-01-09',  60000,  8.0,   12, 'L2', 2, 'Remote; part-time'),
    (17, 'Isabel Costa',     'Sales',            'Sales Operations Analyst',   '2020-07-01',  71000, NULL,   11, 'L1', 1, NULL),
    (18, 'Emma Johansson',   'Marketing',        'Marketing Director',         '2012-06-18', 138000, 12.0, NULL, 'L1', 1, NULL),
    (19, 'Liam O''Connor',   'Marketing',        'Content Strategist',         '2018-02-26',  72000, NULL,   18, 'L2', 2, NULL),
    (20, 'Mia Novak',        'Marketing',        'Product Marketing Manager',  '2017-04-03',  98000,  6.0,   18, 'L2', 2, NULL),
    (21, 'Yusuf Demir',      'Marketing',        'Graphic Designer',           '2021-09-20',  64000, NULL,   18, 'L2', 2, 'Remote; part-time'),
    (22, 'Helen Carter',     'Finance',          'Finance Manager',            '2010-01-25', 121000, 10.0, NULL, '1',  1, NULL),
    (23, 'Ravi Patel',       'Finance',          'Accountant',                 '2015-08-10',  76000,  5.0,   22, '1',  1, NULL),
    (24, 'Grace Kim',        'Finance',          'Financial Analyst',          '2020-11-16',  82000,  5.0,   22, '3A', 3, NULL),
    (25, 'Olga Ivanova',     'Human Resources',  'HR Manager',                 '2011-03-14', 105000,  8.0, NULL, '3A', 3, NULL),
    (26, 'Samuel Mensah',    'Human Resources',  'Recruiter',                  '2019-06-03',  66000, NULL,   25, '3A', 3, NULL),
    (27, 'Lena Vogel',       'Human Resources',  'HR Generalist',              '2022-10-10',  61000, NULL,   25, '3A', 3, 'Parental leave until 2025-03'),
    (28, 'Diego Fernández',  'Customer Support', 'Support Team Lead',          '2015-02-09',  74000,  5.0, NULL, 'P1', 1, NULL),
    (29, 'Beatriz Lima',     'Customer Support', 'Support Specialist',         '2018-08-20',  52000, NULL,   28, 'P1', 1, 'Night shift; weekends'),
    (30, 'João Almeida',     'Customer Support', 'Support Specialist',         '2021-01-18',  50000, NULL,   28, 'P1', 1, NULL),
    (31, 'Ana Sousa',        'Customer Support', 'Support Specialist',         '2023-09-04',  48000, NULL,   28, 'P1', 1, NULL),
    (32, 'Felix Meier',      'Research',         'Principal Scientist',        '2021-05-03', 135000, NULL, NULL, 'Z1', 1, 'Joined from ETH Zurich'),
    (33, 'Nadia Rahman',     'Research',         'Research Scientist',         '2022-02-14', 131000, NULL,   32, 'Z1', 1, NULL);

CREATE TABLE "projects" (
    "Project ID"    INTEGER PRIMARY KEY,
    "Project Name"  TEXT NOT NULL,
    "Department"    TEXT,
    "Lead ID"       INTEGER,
    "Start Date"    TEXT,
    "End Date"      TEXT,
    "Budget (USD)"  INTEGER,
    "Status"        TEXT
);

INSERT INTO "projects" VALUES
    (101, 'Atlas Data Platform', 'Engineering',      2, '2022-01-10', NULL,         420000, 'Active'),
    (102, 'Mobile App Redesign', 'Engineering',      4, '2023-03-01', '2024-02-28', 180000, 'Completed'),
    (103, 'Billing Migration',   'Engineering',      9, '2023-09-15', NULL,         260000, 'Active'),
    (104, 'Q3 Brand Refresh',    'Marketing',       20, '2023-07-01', '2023-12-15',  95000, 'Completed'),
    (105, 'Partner Portal',      'Sales',           17, '2024-01-08', NULL,         120000, 'On Hold'),
    (106, 'SOC 2 Audit',         'Finance',         22, '2023-02-01', '2023-10-31',  75000, 'Completed'),
    (107, 'Help Center 2.0',     'Customer Support', 28, '2024-02-05', NULL,          60000, 'Active'),
    (108, 'Graph Neural Search', 'Research',        32, '2023-11-01', NULL,           NULL, 'Active'),
    (109, 'Onboarding Revamp',   'Human Resources', 25, '2024-04-01', NULL,          40000, 'Planned'),
    (110, 'Edge Caching',        'Engineering',      7, '2021-05-17', '2022-03-31', 150000, 'Completed'),
    (111, 'EMEA Expansion',      'Sales',           11, '2024-03-11', NULL,         300000, 'Active'),
    (112, 'Pricing Experiment',  'Marketing',       18, '2024-05-20', NULL,           NULL, 'Planned');

CREATE TABLE "assignments" (
    "Assignment ID" INTEGER PRIMARY KEY,
    "Employee ID"   INTEGER,
    "Project ID"    INTEGER,
    "Role"          TEXT,
    "Hours/Week"    REAL,
    "Billable"      TEXT
);

INSERT INTO "assignments" VALUES
    ( 1,  2, 101, 'Tech Lead',              20.0, 'Yes'),
    ( 2,  3, 101, 'Backend Developer',      32.0, 'Yes'),
    ( 3,  9, 101, 'Data Engineer',          24.0, 'Yes'),
    ( 4,  5, 101, 'Backend Developer',      16.0, 'Yes'),
    ( 5,  6, 101, 'QA Engineer',             8.0, 'Yes'),
    ( 6, 33, 101, 'Advisor',                 4.0, 'No'),
    ( 7,  4, 102, 'Tech Lead',              30.0, 'Yes'),
    ( 8,  5, 102, 'Frontend Developer',     20.0, 'Yes'),
    ( 9,  8, 102, 'Frontend Developer',     40.0, 'Yes'),
    (10,  6, 102, 'QA Engineer',            24.0, 'Yes'),
    (11, 20, 102, 'Product Marketing',       8.0, 'No'),
    (12,  9, 103, 'Tech Lead',              16.0, 'Yes'),
    (13, 10, 103, 'Backend Developer',      40.0, 'Yes'),
    (14, 23, 103, 'Finance Liaison',         8.0, 'No'),
    (15,  7, 103, 'DevOps Engineer',        12.0, 'Yes'),
    (16, 20, 104, 'Campaign Lead',          30.0, 'No'),
    (17, 21, 104, 'Designer',               20.0, 'No'),
    (18, 19, 104, 'Copywriter',             16.0, 'No'),
    (19, 17, 105, 'Project Lead',           10.0, 'No'),
    (20,  3, 105, 'Backend Developer',       7.5, 'Yes'),
    (21, 22, 106, 'Project Lead',           12.0, 'No'),
    (22, 24, 106, 'Analyst',                20.0, 'No'),
    (23, 23, 106, 'Analyst',                 8.0, 'No'),
    (24, 28, 107, 'Project Lead',           10.0, 'No'),
    (25, 29, 107, 'Content Writer',         12.0, 'No'),
    (26, 30, 107, 'Content Writer',         12.0, 'No'),
    (27, 32, 108, 'Principal Investigator', 30.0, 'No'),
    (28, 33, 108, 'Research Scientist',     32.0, 'No'),
    (29,  2, 108, 'Advisor',                 4.0, 'No'),
    (30, 25, 109, 'Project Lead',            6.0, 'No'),
    (31, 26, 109, 'Recruiting Partner',      8.0, 'No'),
    (32,  7, 110, 'Tech Lead',              24.0, 'Yes'),
    (33,  2, 110, 'Reviewer',                4.0, 'Yes'),
    (34, 11, 111, 'Executive Sponsor',       4.0, 'No'),
    (35, 13, 111, 'Account Executive',      16.0, 'Yes'),
    (36, 14, 111, 'Account Executive',      16.0, 'Yes'),
    (37, 18, 112, 'Project Lead',            6.0, 'No'),
    (38, 12, 111, 'Account Executive',       8.0, 'Yes');

CREATE TABLE "customers" (
    "Customer ID"         INTEGER PRIMARY KEY,
    "Company"             TEXT NOT NULL,
    "Country"             TEXT,
    "City"                TEXT,
    "Segment"             TEXT,
    "Account Manager ID"  INTEGER,
    "Credit Limit (USD)"  INTEGER,
    "Customer Since"      INTEGER,
    "Satisfaction"        REAL
);

INSERT INTO "customers" VALUES
    ( 1, 'Halvorsen Marine AS',     'Norway',         'Bergen',     'Enterprise',    12, 250000, 2016,  1.0),
    ( 2, 'Brightwell Logistics',    'United Kingdom', 'Manchester', 'Enterprise',    12, 400000, 2015,  4.5),
    ( 3, 'Café Lumière',            'France',         'Lyon',       'SMB',           13,  25000, 2020,  4.0),
    ( 4, 'Kessler Automotive GmbH', 'Germany',        'Stuttgart',  'Enterprise',    14, 500000, 2014,  3.5),
    ( 5, 'Nordlicht Energie',       'Germany',        'Hamburg',    'Enterprise',    14, 350000, 2019, NULL),
    ( 6, 'Atelier Moreau',          'France',         'Paris',      'SMB',           13,  30000, 2021,  4.5),
    ( 7, 'Leeds City Council',      'United Kingdom', 'Leeds',      'Public Sector', 11, 150000, 2018,  3.0),
    ( 8, 'Vásquez & Hijos',         'Spain',          'Valencia',   'SMB',           13,  20000, 2022,  5.0),
    ( 9, 'Pinnacle Health Trust',   'United Kingdom', 'Bristol',    'Public Sector', 11, 200000, 2017,  4.0),
    (10, 'Lindqvist Design',        'Sweden',         'Malmö',      'SMB',           14,  15000, 2023, NULL),
    (11, 'Rheinwerk Tools',         'Germany',        'Cologne',    'SMB',           14,  40000, 2020,  4.0),
    (12, 'Oceanic Freight BV',      'Netherlands',    'Rotterdam',  'Enterprise',    12, 450000, 2016,  3.5),
    (13, 'Bellavista Hotels',       'Italy',          'Florence',   'SMB',           13,  35000, 2021,  4.5),
    (14, 'Porto Digital Lda',       'Portugal',       'Porto',      'SMB',           13,  18000, 2022,  3.0),
    (15, 'Helix Biotech',           'Switzerland',    'Basel',      'Enterprise',    12, 600000, 2018,  4.0),
    (16, 'Gemeente Utrecht',        'Netherlands',    'Utrecht',    'Public Sector', 11, 120000, 2019,  3.5),
    (17, 'Danube Analytics',        'Austria',        'Vienna',     'SMB',           14,  22000, 2023, NULL),
    (18, 'Sterling & Rowe LLP',     'United Kingdom', 'London',     'SMB',           12,  45000, 2017,  4.5),
    (19, 'Kraków Smart City',       'Poland',         'Kraków',     'Public Sector', 11,  90000, 2024, NULL),
    (20, 'Fjord Seafood Export',    'Norway',         'Tromsø',     'SMB',           13,  28000, 2021,  4.0);

CREATE TABLE "orders" (
    "Order No."          INTEGER PRIMARY KEY,
    "Customer ID"        INTEGER,
    "Order Date"         TEXT,
    "Product"            TEXT,
    "Qty"                INTEGER,
    "Unit Price (USD)"   REAL,
    "Discount"           REAL,
    "Status"             TEXT
);

INSERT INTO "orders" VALUES
    (5001,  2, '2023-01-12', 'Atlas Cloud Licence', 25, 1200.0, 0.10, 'Shipped'),
    (5002,  4, '2023-01-30', 'Edge Gateway',         6,  850.0, NULL, 'Shipped'),
    (5003,  3, '2023-02-14', 'Onboarding Workshop',  1, 2500.0, NULL, 'Shipped'),
    (5004, 12, '2023-03-03', 'Support Plan Gold',    1, 4800.0, 0.05, 'Shipped'),
    (5005,  1, '2023-03-21', 'Edge Gateway',         2,  850.0, NULL, 'Returned'),
    (5006, 15, '2023-04-10', 'Atlas Cloud Licence', 40, 1200.0, 0.15, 'Shipped'),
    (5007,  7, '2023-04-28', 'Data Connector Pack',  3,  399.0, NULL, 'Shipped'),
    (5008,  2, '2023-05-15', 'Support Plan Gold',    1, 4800.0, NULL, 'Shipped'),
    (5009,  9, '2023-06-02', 'Atlas Cloud Licence', 12, 1200.0, 0.05, 'Shipped'),
    (5010,  4, '2023-06-19', 'Edge Gateway',         4,  799.0, 0.05, 'Shipped'),
    (5011,  6, '2023-07-07', 'Onboarding Workshop',  1, 2500.0, NULL, 'Cancelled'),
    (5012, 15, '2023-07-25', 'Data Connector Pack', 10,  399.0, 0.10, 'Shipped'),
    (5013, 11, '2023-08-11', 'Edge Gateway',         4,  850.0, NULL, 'Shipped'),
    (5014, 12, '2023-08-30', 'Atlas Cloud Licence', 30, 1150.0, 0.10, 'Shipped'),
    (5015,  8, '2023-09-18', 'Data Connector Pack',  1,  399.0, NULL, 'Shipped'),
    (5016,  2, '2023-10-05', 'Edge Gateway',         6,  799.0, 0.05, 'Shipped'),
    (5017, 16, '2023-10-23', 'Support Plan Gold',    1, 4800.0, NULL, 'Shipped'),
    (5018,  4, '2023-11-09', 'Atlas Cloud Licence', 20, 1200.0, 0.10, 'Shipped'),
    (5019, 13, '2023-11-27', 'Onboarding Workshop',  2, 2500.0, NULL, 'Shipped'),
    (5020, 15, '2023-12-14', 'Support Plan Gold',    2, 4800.0, 0.10, 'Shipped'),
    (5021,  5, '2024-01-08', 'Edge Gateway',         2,  850.0, NULL, 'Shipped'),
    (5022, 18, '2024-01-26', 'Data Connector Pack',  2,  399.0, NULL, 'Returned'),
    (5023,  2, '2024-02-12', 'Atlas Cloud Licence', 25, 1200.0, 0.10, 'Shipped'),
    (5024, 14, '2024-03-01', 'Data Connector Pack',  1,  399.0, NULL, 'Shipped'),
    (5025,  4, '2024-03-19', 'Support Plan Gold',    1, 4800.0, NULL, 'Shipped'),
    (5026, 19, '2024-04-05', 'Onboarding Workshop',  1, 2500.0, NULL, 'Shipped'),
    (5027, 12, '2024-04-23', 'Edge Gateway',         6,  799.0, NULL, 'Shipped'),
    (5028, 20, '2024-05-10', 'Data Connector Pack',  3,  399.0, NULL, 'Shipped'),
    (5029, 15, '2024-05-28', 'Atlas Cloud Licence', 50, 1100.0, 0.20, 'Shipped'),
    (5030,  1, '2024-06-14', 'Support Plan Gold',    1, 4800.0, NULL, 'Cancelled'),
    (5031,  9, '2024-07-02', 'Data Connector Pack',  4,  399.0, NULL, 'Shipped'),
    (5032,  2, '2024-07-19', 'Onboarding Workshop',  1, 2500.0, NULL, 'Shipped'),
    (5033,  7, '2024-08-06', 'Atlas Cloud Licence',  8, 1200.0, NULL, 'Shipped'),
    (5034, 10, '2024-08-23', 'Data Connector Pack',  1,  399.0, NULL, 'Pending'),
    (5035, 17, '2024-09-10', 'Onboarding Workshop',  1, 2500.0, NULL, 'Pending'),
    (5036,  4, '2024-09-27', 'Edge Gateway',         2,  850.0, NULL, 'Pending'),
    (5037, 12, '2024-10-15', 'Data Connector Pack',  5,  399.0, 0.05, 'Pending'),
    (5038,  3, '2024-11-01', 'Support Plan Gold',    1, 4800.0, NULL, 'Cancelled'),
    (5039, 15, '2024-11-18', 'Edge Gateway',         4,  850.0, NULL, 'Pending'),
    (5040,  6, '2024-12-05', 'Atlas Cloud Licence',  5, 1200.0, NULL, 'Pending');

COMMIT;

-- Agronomy (issue 38): what is in a product, how it is registered and how much goes on which
-- crop, kept with the product as one JSON document (read and checked by the catalogue's domain;
-- the catalogue holds every product in memory, so filters by crop, pest or ingredient read it
-- there), and the lists staff keep that it names: crops, pests and diseases, active
-- ingredients. The lists start with Egypt's main crops, their common pests and diseases, and
-- the ingredients shops sell most; staff add to them.
ALTER TABLE products ADD COLUMN agronomy TEXT;
CREATE TABLE crops (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    synonyms_ar TEXT NOT NULL DEFAULT '',
    image TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE pests (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    synonyms_ar TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL,
    symptoms_ar TEXT NOT NULL DEFAULT '',
    symptoms_en TEXT NOT NULL DEFAULT '',
    image TEXT
);
CREATE TABLE active_ingredients (
    id INTEGER PRIMARY KEY,
    name_en TEXT NOT NULL UNIQUE,
    name_ar TEXT NOT NULL,
    resistance_group TEXT NOT NULL DEFAULT '',
    synonyms_ar TEXT NOT NULL DEFAULT ''
);
INSERT INTO crops (slug, name_ar, name_en, synonyms_ar, sort_order) VALUES
('tomato', 'طماطم', 'Tomato', 'قوطة', 1),
('potato', 'بطاطس', 'Potato', 'بطاطا', 2),
('wheat', 'قمح', 'Wheat', '', 3),
('maize', 'ذرة', 'Maize', 'ذرة شامية', 4),
('rice', 'أرز', 'Rice', 'رز', 5),
('cotton', 'قطن', 'Cotton', '', 6),
('citrus', 'موالح', 'Citrus', 'برتقال
ليمون
يوسفي', 7),
('grapes', 'عنب', 'Grapes', '', 8),
('onion', 'بصل', 'Onion', '', 9),
('cucumber', 'خيار', 'Cucumber', '', 10),
('pepper', 'فلفل', 'Pepper', '', 11),
('beans', 'فاصوليا', 'Beans', 'فول
لوبيا', 12),
('clover', 'برسيم', 'Clover', '', 13),
('strawberry', 'فراولة', 'Strawberry', '', 14),
('mango', 'مانجو', 'Mango', '', 15),
('watermelon', 'بطيخ', 'Watermelon', '', 16);
INSERT INTO pests (slug, name_ar, name_en, synonyms_ar, kind, symptoms_ar, symptoms_en) VALUES
('aphids', 'المن', 'Aphids', 'من', 'insect', 'حشرات صغيرة تتجمع على القمم النامية وتحت الأوراق وتمتص العصارة فتلتف الأوراق وتصفر.', 'Small insects cluster on shoots and under leaves, sucking sap: leaves curl and yellow.'),
('whitefly', 'الذبابة البيضاء', 'Whitefly', 'ذبابة بيضاء', 'insect', 'حشرات بيضاء صغيرة تطير عند هز النبات وتنقل الفيروسات وتترك ندوة عسلية.', 'Tiny white insects fly up when the plant is shaken; they spread viruses and leave honeydew.'),
('tuta-absoluta', 'توتا أبسلوتا', 'Tomato leafminer (Tuta absoluta)', 'توتا ابسليوتا
حافرة أنفاق الطماطم
توتا', 'insect', 'أنفاق شفافة في الأوراق وثقوب في الثمار تسببها يرقات صغيرة.', 'Clear mines in leaves and holes in fruit, made by small larvae.'),
('spider-mites', 'العنكبوت الأحمر', 'Spider mites', 'عنكبوت احمر
اكاروس', 'mite', 'نقط صفراء دقيقة على الأوراق وخيوط عنكبوتية رفيعة تحتها.', 'Fine yellow speckles on leaves and thin webbing beneath.'),
('thrips', 'التربس', 'Thrips', 'تربس', 'insect', 'خطوط فضية على الأوراق وتشوه الأزهار والثمار.', 'Silvery streaks on leaves, deformed flowers and fruit.'),
('fall-armyworm', 'دودة الحشد الخريفية', 'Fall armyworm', 'دودة الحشد', 'insect', 'ثقوب كبيرة في أوراق الذرة ونشارة في قلب النبات.', 'Ragged holes in maize leaves and frass in the whorl.'),
('cotton-leafworm', 'دودة ورق القطن', 'Cotton leafworm', 'دودة القطن', 'insect', 'يرقات تأكل الأوراق ليلاً وتترك عروقها فقط.', 'Larvae eat leaves at night, leaving only the veins.'),
('late-blight', 'الندوة المتأخرة', 'Late blight', 'لفحة متأخرة', 'disease', 'بقع بنية مائية على الأوراق وعفن أبيض تحتها في الجو الرطب.', 'Brown water-soaked patches on leaves, white mould beneath in damp weather.'),
('early-blight', 'الندوة المبكرة', 'Early blight', 'لفحة مبكرة', 'disease', 'بقع بنية بحلقات متداخلة على الأوراق السفلى.', 'Brown spots with target rings on the lower leaves.'),
('powdery-mildew', 'البياض الدقيقي', 'Powdery mildew', 'بياض دقيقي', 'disease', 'مسحوق أبيض على سطح الأوراق.', 'White powder on the leaf surface.'),
('downy-mildew', 'البياض الزغبي', 'Downy mildew', 'بياض زغبي', 'disease', 'بقع صفراء على السطح العلوي وزغب رمادي تحته.', 'Yellow patches above, grey down beneath.'),
('wheat-rust', 'صدأ القمح', 'Wheat rust', 'صدا', 'disease', 'بثرات برتقالية أو بنية على الأوراق والسيقان.', 'Orange or brown pustules on leaves and stems.'),
('rice-blast', 'لفحة الأرز', 'Rice blast', 'عفن الأرز', 'disease', 'بقع مغزلية رمادية بحواف بنية على الأوراق.', 'Grey spindle-shaped spots with brown edges on leaves.'),
('red-palm-weevil', 'سوسة النخيل الحمراء', 'Red palm weevil', 'سوسة النخيل', 'insect', 'ثقوب في الجذع يخرج منها سائل بني ونشارة.', 'Holes in the trunk oozing brown fluid and frass.'),
('broadleaf-weeds', 'الحشائش عريضة الأوراق', 'Broadleaf weeds', 'حشائش', 'weed', 'حشائش تنافس المحصول على الماء والغذاء.', 'Weeds that compete with the crop for water and food.'),
('nematodes', 'النيماتودا', 'Root-knot nematodes', 'نيماتودا', 'nematode', 'عقد على الجذور وذبول النبات وقت الظهيرة.', 'Galls on roots and plants wilting at midday.');
INSERT INTO active_ingredients (name_en, name_ar, resistance_group, synonyms_ar) VALUES
('abamectin', 'أبامكتين', 'IRAC 6', 'ابامكتين'),
('emamectin benzoate', 'إيمامكتين بنزوات', 'IRAC 6', 'ايمامكتين'),
('lambda-cyhalothrin', 'لامبدا سيهالوثرين', 'IRAC 3A', 'لامبدا'),
('imidacloprid', 'إيميداكلوبريد', 'IRAC 4A', 'اميداكلوبريد'),
('acetamiprid', 'أسيتامبريد', 'IRAC 4A', 'استامبريد'),
('chlorantraniliprole', 'كلورانترانيليبرول', 'IRAC 28', ''),
('spinosad', 'سبينوساد', 'IRAC 5', ''),
('indoxacarb', 'إندوكساكارب', 'IRAC 22A', 'اندوكساكارب'),
('mancozeb', 'مانكوزيب', 'FRAC M3', 'مانكوزب'),
('copper hydroxide', 'هيدروكسيد النحاس', 'FRAC M1', 'نحاس'),
('azoxystrobin', 'أزوكسيستروبين', 'FRAC 11', 'ازوكسي'),
('difenoconazole', 'ديفينوكونازول', 'FRAC 3', ''),
('sulphur', 'كبريت', 'FRAC M2', 'كبريت ميكروني'),
('metalaxyl-M', 'ميتالاكسيل-م', 'FRAC 4', 'ميتالاكسيل'),
('glyphosate', 'جليفوسات', 'HRAC 9', 'جلايفوسيت'),
('Bacillus thuringiensis', 'باسيلس ثورينجينسيس', 'IRAC 11A', 'بي تي');

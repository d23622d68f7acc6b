//! The database schema, written to match `migrations/sqlite` and `migrations/postgres`.
#![allow(missing_docs)]

diesel::table! {
    shipping_cities (id) {
        id -> BigInt,
        name_ar -> Text,
        name_en -> Text,
        shipping_cost -> BigInt,
        active -> Bool,
        sort_order -> Integer,
        cod_accepted -> Bool,
        cod_fee_kind -> Text,
        cod_fee -> BigInt,
    }
}

diesel::table! {
    access_roles (id) {
        id -> BigInt,
        name -> Text,
        built_in -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    role_permissions (role_id, permission) {
        role_id -> BigInt,
        permission -> Text,
    }
}

diesel::table! {
    users (id) {
        id -> BigInt,
        name -> Text,
        email -> Nullable<Text>,
        phone -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        role -> Text,
        access_role_id -> Nullable<BigInt>,
        verified_at -> Nullable<Timestamp>,
        blocked -> Bool,
        city_id -> Nullable<BigInt>,
        country -> Nullable<Text>,
        gender -> Nullable<Text>,
        google_subject -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        sales_engineer_id -> Nullable<BigInt>,
        group_id -> Nullable<BigInt>,
        sms_opt_out_at -> Nullable<Timestamp>,
        tallied -> Bool,
    }
}

diesel::table! {
    sms_broadcasts (id) {
        id -> BigInt,
        message -> Text,
        audience_kind -> Text,
        audience_id -> Nullable<BigInt>,
        parts -> Integer,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sms_recipients (id) {
        id -> BigInt,
        broadcast_id -> BigInt,
        user_id -> Nullable<BigInt>,
        phone -> Text,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
        error -> Nullable<Text>,
    }
}

diesel::table! {
    client_groups (id) {
        id -> BigInt,
        name_ar -> Text,
        name_en -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    client_notes (id) {
        id -> BigInt,
        user_id -> BigInt,
        author_id -> Nullable<BigInt>,
        body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> BigInt,
        kind -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        ended_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    otps (id) {
        id -> BigInt,
        user_id -> BigInt,
        purpose -> Text,
        code_hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        wrong_tries -> Integer,
        consumed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    auth_attempts (id) {
        id -> BigInt,
        attempt_key -> Text,
        at -> Timestamp,
    }
}

diesel::table! {
    points_ledger (id) {
        id -> BigInt,
        user_id -> BigInt,
        delta -> BigInt,
        reason -> Text,
        created_at -> Timestamp,
        kind -> Text,
        entry_key -> Nullable<Text>,
        order_id -> Nullable<BigInt>,
        copoun_id -> Nullable<BigInt>,
        staff_id -> Nullable<BigInt>,
        expires_at -> Nullable<Timestamp>,
        lot_id -> Nullable<BigInt>,
        open_lot -> Bool,
    }
}

diesel::table! {
    order_returns (id) {
        id -> BigInt,
        order_id -> BigInt,
        state -> Text,
        reason -> Text,
        asked_at -> Timestamp,
        opened_by -> Nullable<BigInt>,
        note -> Nullable<Text>,
        refund -> BigInt,
        resaleable -> Nullable<Bool>,
        points_back -> Nullable<BigInt>,
        updated_by -> Nullable<BigInt>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    order_return_lines (return_id, product_id) {
        return_id -> BigInt,
        product_id -> BigInt,
        name_ar -> Text,
        name_en -> Text,
        quantity -> Integer,
        unit_price -> BigInt,
    }
}

diesel::table! {
    points_debts (user_id) {
        user_id -> BigInt,
        points -> BigInt,
    }
}

diesel::table! {
    points_rules (id) {
        id -> BigInt,
        points -> BigInt,
        discount -> Integer,
        active -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    categories (id) {
        id -> BigInt,
        slug -> Text,
        name_ar -> Text,
        name_en -> Text,
        image -> Nullable<Text>,
        sort_order -> Integer,
        created_at -> Timestamp,
        returnable -> Bool,
    }
}

diesel::table! {
    products (id) {
        id -> BigInt,
        slug -> Text,
        name_ar -> Text,
        name_en -> Text,
        description_ar -> Text,
        description_en -> Text,
        price -> BigInt,
        discount -> Integer,
        expires_at -> Nullable<Date>,
        weight_grams -> BigInt,
        weight_unit -> Text,
        quantity -> BigInt,
        featured -> Bool,
        is_package -> Bool,
        pieces_per_package -> Nullable<Integer>,
        category_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        agronomy -> Nullable<Text>,
        label_pdf -> Nullable<Text>,
        sds_pdf -> Nullable<Text>,
        kept_in_lots -> Bool,
    }
}

diesel::table! {
    crops (id) {
        id -> BigInt,
        slug -> Text,
        name_ar -> Text,
        name_en -> Text,
        synonyms_ar -> Text,
        image -> Nullable<Text>,
        sort_order -> Integer,
    }
}

diesel::table! {
    pests (id) {
        id -> BigInt,
        slug -> Text,
        name_ar -> Text,
        name_en -> Text,
        synonyms_ar -> Text,
        kind -> Text,
        symptoms_ar -> Text,
        symptoms_en -> Text,
        image -> Nullable<Text>,
    }
}

diesel::table! {
    active_ingredients (id) {
        id -> BigInt,
        name_en -> Text,
        name_ar -> Text,
        resistance_group -> Text,
        synonyms_ar -> Text,
    }
}

diesel::table! {
    product_images (id) {
        id -> BigInt,
        product_id -> BigInt,
        path -> Text,
        sort_order -> Integer,
    }
}

diesel::table! {
    offers (id) {
        id -> BigInt,
        title_ar -> Text,
        title_en -> Text,
        banner_image -> Nullable<Text>,
        percentage -> Integer,
        category_id -> Nullable<BigInt>,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        active -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    offer_products (offer_id, product_id) {
        offer_id -> BigInt,
        product_id -> BigInt,
    }
}

diesel::table! {
    catalogue_version (id) {
        id -> Integer,
        version -> BigInt,
        stock_version -> BigInt,
    }
}

diesel::table! {
    shop_settings (name) {
        name -> Text,
        value -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    pages (slug) {
        slug -> Text,
        title_ar -> Text,
        title_en -> Text,
        body_ar -> Text,
        body_en -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    contact_messages (id) {
        id -> BigInt,
        name -> Text,
        phone -> Nullable<Text>,
        email -> Nullable<Text>,
        message -> Text,
        created_at -> Timestamp,
        handled_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    api_keys (id) {
        id -> BigInt,
        name -> Text,
        prefix -> Text,
        secret_hash -> Text,
        scopes -> Text,
        allowed_addresses -> Text,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        expires_at -> Nullable<Timestamp>,
        revoked_at -> Nullable<Timestamp>,
        last_used_at -> Nullable<Timestamp>,
        request_count -> BigInt,
        window_started_at -> Nullable<Timestamp>,
        window_count -> Integer,
        maker_name -> Text,
    }
}

diesel::table! {
    webhook_endpoints (id) {
        id -> BigInt,
        url -> Text,
        events -> Text,
        active -> Bool,
        secret -> Text,
        previous_secret -> Nullable<Text>,
        previous_secret_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        failures_in_row -> Integer,
        last_success_at -> Nullable<Timestamp>,
        disabled_at -> Nullable<Timestamp>,
        disabled_reason -> Nullable<Text>,
        lease_until -> Nullable<Timestamp>,
        created_by -> Nullable<BigInt>,
        maker_name -> Text,
        paused_reason -> Nullable<Text>,
    }
}

diesel::table! {
    stock_write_offs (id) {
        id -> BigInt,
        product_id -> BigInt,
        units -> BigInt,
        reason -> Text,
        written_at -> Timestamp,
    }
}

diesel::table! {
    webhook_events (seq) {
        seq -> BigInt,
        id -> Text,
        kind -> Text,
        body -> Text,
        occurred_at -> Timestamp,
        audience -> Text,
        engineer_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        endpoint_id -> BigInt,
        event_seq -> BigInt,
        state -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
    }
}

diesel::table! {
    webhook_attempts (id) {
        id -> BigInt,
        delivery_id -> BigInt,
        attempted_at -> Timestamp,
        status -> Nullable<Integer>,
        outcome -> Text,
        response -> Text,
        duration_ms -> Integer,
    }
}

diesel::table! {
    webhook_watches (kind, entity_id) {
        kind -> Text,
        entity_id -> BigInt,
        seen -> Text,
        version -> Integer,
        published_at -> Timestamp,
    }
}

diesel::joinable!(products -> categories (category_id));
diesel::joinable!(product_images -> products (product_id));
diesel::joinable!(offer_products -> offers (offer_id));
diesel::joinable!(offer_products -> products (product_id));
diesel::joinable!(users -> access_roles (access_role_id));
diesel::joinable!(stock_alerts -> products (product_id));
diesel::joinable!(stock_alerts -> users (user_id));
diesel::joinable!(role_permissions -> access_roles (role_id));
diesel::table! {
    contact_changes (user_id) {
        user_id -> BigInt,
        phone -> Nullable<Text>,
        email -> Nullable<Text>,
        requested_at -> Timestamp,
    }
}

diesel::table! {
    cart_items (user_id, product_id) {
        user_id -> BigInt,
        product_id -> BigInt,
        quantity -> Integer,
        added_at -> Timestamp,
    }
}

diesel::table! {
    addresses (id) {
        id -> BigInt,
        user_id -> BigInt,
        city_id -> BigInt,
        address -> Text,
        created_at -> Timestamp,
        label -> Text,
        recipient_name -> Nullable<Text>,
        recipient_phone -> Nullable<Text>,
        landmark -> Nullable<Text>,
    }
}

diesel::table! {
    orders (id) {
        id -> BigInt,
        number -> Nullable<Text>,
        user_id -> Nullable<BigInt>,
        source -> Text,
        status -> Text,
        kind -> Text,
        payment_method -> Text,
        customer_name -> Text,
        customer_phone -> Text,
        receiver_name -> Nullable<Text>,
        receiver_phone -> Nullable<Text>,
        address -> Text,
        city_id -> BigInt,
        city_name_ar -> Text,
        city_name_en -> Text,
        notes -> Nullable<Text>,
        copoun -> Nullable<Text>,
        subtotal -> BigInt,
        discount -> BigInt,
        shipping_base -> BigInt,
        shipping_extra -> BigInt,
        total -> BigInt,
        total_weight_grams -> BigInt,
        created_at -> Timestamp,
        sales_engineer_id -> Nullable<BigInt>,
        locale -> Text,
        search_text -> Text,
        version -> Integer,
        safety_acknowledged -> Bool,
        confirmed_at -> Nullable<Timestamp>,
        confirmed_by -> Nullable<BigInt>,
        confirmed_via -> Nullable<Text>,
    }
}

diesel::table! {
    order_cancellations (order_id) {
        order_id -> BigInt,
        cause -> Text,
    }
}

diesel::table! {
    phone_bands (phone) {
        phone -> Text,
        band -> Text,
        note -> Text,
        set_by -> Nullable<BigInt>,
        set_at -> Timestamp,
    }
}

diesel::table! {
    shipments (order_id) {
        order_id -> BigInt,
        courier -> Text,
        courier_name -> Text,
        tracking -> Text,
        tracking_url -> Nullable<Text>,
        state -> Text,
        cod -> BigInt,
        collected -> Nullable<BigInt>,
        handed_over_at -> Timestamp,
        handed_over_by -> Nullable<BigInt>,
        remittance_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    courier_remittances (id) {
        id -> BigInt,
        courier -> Text,
        courier_name -> Text,
        amount -> BigInt,
        note -> Nullable<Text>,
        recorded_by -> Nullable<BigInt>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    courier_reports (id) {
        id -> BigInt,
        courier -> Text,
        tracking -> Text,
        code -> Integer,
        state -> Text,
        occurred_at -> Timestamp,
        raw -> Text,
        received_at -> Timestamp,
    }
}

diesel::table! {
    delivery_attempts (order_id, attempt) {
        order_id -> BigInt,
        attempt -> Integer,
        reason -> Text,
        recorded_by -> Nullable<BigInt>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    event_cursors (consumer) {
        consumer -> Text,
        last_seq -> BigInt,
    }
}

diesel::table! {
    order_events (seq) {
        seq -> BigInt,
        id -> Text,
        order_id -> BigInt,
        order_version -> Integer,
        kind -> Text,
        payload -> Text,
        occurred_at -> Timestamp,
    }
}

diesel::table! {
    order_items (order_id, position) {
        order_id -> BigInt,
        position -> Integer,
        product_id -> Nullable<BigInt>,
        slug -> Text,
        name_ar -> Text,
        name_en -> Text,
        image -> Nullable<Text>,
        quantity -> Integer,
        unit_price -> BigInt,
        weight_grams -> BigInt,
        line_total -> BigInt,
    }
}

diesel::table! {
    order_history (id) {
        id -> BigInt,
        order_id -> BigInt,
        from_status -> Nullable<Text>,
        to_status -> Text,
        changed_at -> Timestamp,
        changed_by -> Nullable<BigInt>,
        note -> Nullable<Text>,
        tallied -> Bool,
    }
}

diesel::table! {
    order_day_totals (day, city_id, sales_engineer_id) {
        day -> Date,
        city_id -> BigInt,
        sales_engineer_id -> BigInt,
        placed -> BigInt,
        delivered -> BigInt,
        cancelled -> BigInt,
        revenue -> BigInt,
    }
}

diesel::table! {
    order_status_totals (status, sales_engineer_id) {
        status -> Text,
        sales_engineer_id -> BigInt,
        orders -> BigInt,
    }
}

diesel::table! {
    client_day_totals (day) {
        day -> Date,
        joined -> BigInt,
    }
}

diesel::table! {
    tally_lock (name) {
        name -> Text,
    }
}

diesel::table! {
    order_notes (id) {
        id -> BigInt,
        order_id -> BigInt,
        author_id -> Nullable<BigInt>,
        body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    notifications (id) {
        id -> BigInt,
        user_id -> BigInt,
        title_ar -> Text,
        title_en -> Text,
        body_ar -> Text,
        body_en -> Text,
        link -> Nullable<Text>,
        created_at -> Timestamp,
        read_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    message_queue (id) {
        id -> BigInt,
        channel -> Text,
        recipient -> Text,
        subject -> Nullable<Text>,
        body -> Text,
        created_at -> Timestamp,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    idempotency_keys (caller, key) {
        caller -> Text,
        key -> Text,
        fingerprint -> Text,
        answer -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    copouns (id) {
        id -> BigInt,
        code -> Text,
        kind -> Text,
        value -> BigInt,
        min_subtotal -> Nullable<BigInt>,
        max_discount -> Nullable<BigInt>,
        starts_at -> Nullable<Timestamp>,
        expires_at -> Nullable<Timestamp>,
        usage_limit -> Nullable<Integer>,
        per_user_limit -> Nullable<Integer>,
        used_count -> Integer,
        active -> Bool,
        created_at -> Timestamp,
        owner_id -> Nullable<BigInt>,
        group_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    copoun_uses (order_id) {
        order_id -> BigInt,
        copoun_id -> BigInt,
        user_id -> Nullable<BigInt>,
        phone -> Text,
    }
}

diesel::joinable!(copoun_uses -> copouns (copoun_id));
diesel::joinable!(copoun_uses -> orders (order_id));
diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_history -> orders (order_id));
diesel::joinable!(delivery_attempts -> orders (order_id));
diesel::joinable!(shipments -> orders (order_id));
diesel::joinable!(order_cancellations -> orders (order_id));
diesel::joinable!(order_events -> orders (order_id));
diesel::joinable!(api_keys -> users (created_by));
diesel::joinable!(webhook_deliveries -> webhook_endpoints (endpoint_id));
diesel::joinable!(webhook_deliveries -> webhook_events (event_seq));
diesel::joinable!(webhook_attempts -> webhook_deliveries (delivery_id));
diesel::joinable!(order_notes -> orders (order_id));
diesel::joinable!(notifications -> users (user_id));
diesel::joinable!(addresses -> users (user_id));
diesel::joinable!(addresses -> shipping_cities (city_id));
diesel::joinable!(cart_items -> users (user_id));
diesel::joinable!(cart_items -> products (product_id));
diesel::joinable!(contact_changes -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(otps -> users (user_id));
diesel::joinable!(points_ledger -> users (user_id));
diesel::joinable!(order_return_lines -> order_returns (return_id));
diesel::joinable!(points_ledger -> copouns (copoun_id));
diesel::joinable!(sms_recipients -> sms_broadcasts (broadcast_id));

diesel::table! {
    search_synonyms (id) {
        id -> BigInt,
        members -> Text,
    }
}

diesel::table! {
    search_misses (id) {
        id -> BigInt,
        text -> Text,
        language -> Text,
        searches -> BigInt,
        last_searched_at -> Timestamp,
    }
}

diesel::table! {
    product_lots (id) {
        id -> BigInt,
        product_id -> BigInt,
        batch -> Text,
        expires_on -> Date,
        quantity -> BigInt,
        received_at -> Timestamp,
    }
}

diesel::table! {
    order_lot_takes (order_id, product_id, batch) {
        order_id -> BigInt,
        product_id -> BigInt,
        lot_id -> Nullable<BigInt>,
        batch -> Text,
        expires_on -> Date,
        quantity -> BigInt,
    }
}

diesel::table! {
    stock_alerts (user_id, product_id) {
        user_id -> BigInt,
        product_id -> BigInt,
        by_sms -> Bool,
        locale -> Text,
        asked_at -> Timestamp,
    }
}

diesel::table! {
    registration_lapses (product_id, ended_on) {
        product_id -> BigInt,
        ended_on -> Date,
        told_at -> Timestamp,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    registration_lapses,
    stock_alerts,
    product_lots,
    order_lot_takes,
    active_ingredients,
    crops,
    pests,
    addresses,
    event_cursors,
    order_events,
    order_notes,
    notifications,
    message_queue,
    copouns,
    copoun_uses,
    orders,
    order_items,
    order_history,
    delivery_attempts,
    order_cancellations,
    phone_bands,
    shipments,
    courier_reports,
    courier_remittances,
    idempotency_keys,
    cart_items,
    contact_changes,
    shipping_cities,
    access_roles,
    role_permissions,
    users,
    sessions,
    otps,
    auth_attempts,
    points_ledger,
    points_debts,
    order_returns,
    order_return_lines,
    points_rules,
    client_groups,
    client_notes,
    sms_broadcasts,
    sms_recipients,
    order_day_totals,
    order_status_totals,
    client_day_totals,
    tally_lock,
    categories,
    products,
    product_images,
    offers,
    offer_products,
    catalogue_version,
    shop_settings,
    pages,
    contact_messages,
    search_synonyms,
    search_misses,
    api_keys,
    webhook_endpoints,
    webhook_events,
    webhook_deliveries,
    webhook_attempts,
    webhook_watches,
);

// The functions a graph query may call, by the names DuckDB's parser writes into the parse tree
// (operators too: `+`, `~~` for LIKE, `->>` for JSON). An allow-list rather than a deny-list:
// a DuckDB upgrade that adds a function adds nothing a query can call until it is listed here.
// Left out on purpose: anything that reads files or the network (read_*, glob, parquet_*),
// settings and session state (current_setting, getvariable, setseed, nextval, current_query…),
// logging, sleeping, the planner (json_serialize_plan), PostgreSQL catalog macros and
// DuckDB internals (__internal_*, finalize, combine).

const operators = `
  + - * / // % ** ^ & | # ~ << >> || -> ->> @> <@ <-> <=> ^@ @
  ~~ !~~ ~~* !~~* ~~~ !__postfix ! like_escape not_like_escape ilike_escape not_ilike_escape
  add subtract multiply divide mod xor`;

const numeric = `
  abs acos acosh asin asinh atan atan2 atanh bit_count cbrt ceil ceiling cos cosh cot degrees
  even exp factorial floor gamma gcd greatest greatest_common_divisor isfinite isinf isnan lcm
  least least_common_multiple lgamma ln log log10 log2 nextafter pi pow power radians random
  round round_even roundbankers sign signbit sin sinh sqrt tan tanh trunc fdiv fmod
  equi_width_bins hash md5 md5_number md5_number_lower md5_number_upper sha1 sha256`;

const text = `
  ascii bar base64 bit_length chr char_length character_length concat concat_ws contains
  damerau_levenshtein editdist3 ends_with format format_bytes formatreadabledecimalsize
  formatreadablesize from_base64 hamming hex instr jaccard jaro_similarity
  jaro_winkler_similarity lcase left left_grapheme len length length_grapheme levenshtein lower
  lpad ltrim mismatches nfc_normalize octet_length ord overlay position prefix printf
  regexp_escape regexp_extract regexp_extract_all regexp_full_match regexp_matches
  regexp_replace regexp_split_to_array regexp_split_to_table repeat replace reverse right
  right_grapheme rpad rtrim split split_part starts_with str_split str_split_regex strip_accents
  string_split string_split_regex string_to_array strlen strpos substr substring
  substring_grapheme suffix to_base to_base64 to_hex translate trim ucase unhex unicode upper
  url_decode url_encode bin unbin to_binary from_binary from_hex encode decode uuid
  gen_random_uuid uuidv4 uuidv7 typeof nullif`;

const temporal = `
  age century current_date current_localtime current_localtimestamp date_add date_diff
  date_part date_sub date_trunc datediff datepart datesub datetrunc day dayname dayofmonth
  dayofweek dayofyear days_in_month decade epoch epoch_ms epoch_ns epoch_us era
  get_current_time get_current_timestamp hour isodow isoyear julian last_day make_date
  make_time make_timestamp make_timestamp_ms make_timestamp_ns make_timestamptz microsecond
  millennium millisecond minute month monthname nanosecond normalized_interval now quarter
  second strftime strptime time_bucket timezone timezone_hour timezone_minute to_centuries
  to_days to_decades to_hours to_microseconds to_millennia to_milliseconds to_minutes
  to_months to_quarters to_seconds to_timestamp to_weeks to_years today
  transaction_timestamp try_strptime week weekday weekofyear year yearweek`;

const nested = `
  aggregate apply array_aggr array_aggregate array_append array_apply array_cat array_concat
  array_contains array_cosine_distance array_cosine_similarity array_cross_product
  array_distance array_distinct array_dot_product array_extract array_filter array_grade_up
  array_has array_has_all array_has_any array_indexof array_inner_product array_intersect
  array_length array_pop_back array_pop_front array_position array_prepend array_push_back
  array_push_front array_reduce array_resize array_reverse array_reverse_sort array_select
  array_slice array_sort array_to_string array_transform array_unique array_value array_where
  array_zip cardinality element_at filter flatten generate_series generate_subscripts
  grade_up list_aggr list_aggregate list_any_value list_append list_apply list_avg
  list_bool_and list_bool_or list_cat list_concat list_contains list_cosine_distance
  list_cosine_similarity list_count list_distance list_distinct list_dot_product list_element
  list_entropy list_extract list_filter list_first list_grade_up list_has list_has_all
  list_has_any list_histogram list_indexof list_inner_product list_intersect list_kurtosis
  list_last list_mad list_max list_median list_min list_mode list_pack list_position
  list_prepend list_product list_reduce list_resize list_reverse list_reverse_sort list_select
  list_sem list_skewness list_slice list_sort list_stddev_pop list_stddev_samp list_string_agg
  list_sum list_transform list_unique list_value list_var_pop list_var_samp list_where
  list_zip map map_concat map_contains map_contains_entry map_contains_value map_entries
  map_extract map_extract_value map_from_entries map_keys map_values range reduce row
  struct_concat struct_contains struct_extract struct_extract_at struct_has struct_indexof
  struct_insert struct_keys struct_pack struct_position struct_update struct_values unnest`;

const json = `
  array_to_json json json_array json_array_length json_contains json_exists json_extract
  json_extract_path json_extract_path_text json_extract_string json_group_array
  json_group_object json_group_structure json_keys json_merge_patch json_object json_pretty
  json_quote json_structure json_transform json_transform_strict json_type json_valid
  json_value row_to_json to_json from_json from_json_strict`;

const aggregates = `
  any_value approx_count_distinct approx_quantile approx_top_k arbitrary arg_max arg_max_null
  arg_max_nulls_last arg_min arg_min_null arg_min_nulls_last argmax argmin array_agg avg
  bit_and bit_or bit_xor bool_and bool_or corr count count_if count_star countif covar_pop
  covar_samp entropy favg first fsum geomean geometric_mean group_concat histogram
  histogram_exact kahan_sum kurtosis kurtosis_pop last list listagg mad max max_by mean median
  min min_by mode product quantile quantile_cont quantile_disc regr_avgx regr_avgy regr_count
  regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy reservoir_quantile sem
  skewness stddev stddev_pop stddev_samp string_agg sum sumkahan var_pop var_samp variance
  wavg weighted_avg`;

const windows = `
  cume_dist dense_rank fill first_value lag last_value lead nth_value ntile percent_rank rank
  rank_dense row_number`;

function names(...groups: string[]): ReadonlySet<string> {
  return new Set(groups.flatMap((group) => group.trim().split(/\s+/)));
}

/** Scalar, aggregate and window functions (and operators) a query may call. */
export const allowedQueryFunctions = names(
  operators,
  numeric,
  text,
  temporal,
  nested,
  json,
  aggregates,
  windows,
);

/** Table functions a query may use in FROM: generators over values, never over storage. */
export const allowedTableFunctions = names("unnest range generate_series");

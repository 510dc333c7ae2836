"""Spanish bad-input messages, key for key with ui/locale_errors_en.py (which says what the keys are).

Names of the formats (fields, columns, options, commands) stay as the files and the command line
write them, in backticks when they are part of the wording; what a param quotes is never put in
backticks (a page escapes it, and an escape inside backticks would show). The terms follow
ui/glossary.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

MESSAGES: Mapping[str, str] = MappingProxyType({
    # places: the markers a place starts with (uncase_core.errors.split_place)
    "error.place.line": "línea {number}",
    "error.place.conversation": "conversación {number}",
    # errors.PROBLEMS
    "error.expected": "se esperaba {what}, se recibió {got}",
    "error.expected_in_range": "se esperaba {what} de {low} a {high}, se recibió {got}",
    "error.expected_at_least": "se esperaba {what} mayor o igual que {low}, se recibió {got}",
    "error.expected_one_of": "se esperaba uno de estos valores: {choices}; se recibió {got}",
    "error.must_be_in_range": "debe estar entre {low} y {high}, se recibió {got}",
    "error.must_not_be_negative": "no puede ser negativo, se recibió {got}",
    "error.unknown_choice": "no existe {what} {got}; usa una de estas opciones: {choices}",
    "error.missing_key": 'falta "{key}"',
    "error.missing_value": "falta el valor",
    "error.must_not_be_empty": "no puede estar vacío",
    "error.id_must_not_be_empty": "el id no puede estar vacío",
    "error.duplicate_id": 'id repetido "{id}" (ya aparece en {first})',
    "error.duplicate_case_id": 'id de caso repetido "{id}" (ya aparece en {first})',
    "error.duplicate_case_id_here": 'id de caso repetido "{id}"',
    "error.file_empty": "el archivo está vacío",
    "error.not_utf8": (
        "no es texto UTF-8 (byte que no se puede decodificar en la posición {offset}); guarda el archivo como UTF-8"
    ),
    "error.invalid_json": "JSON no válido: {detail} (columna {column})",
    "error.json_too_deep": "el JSON está anidado a demasiada profundidad para leerlo",
    "error.unreadable_value": "valor ilegible: {detail}",
    "error.number_too_long": "valor ilegible: un número de {digits} cifras (se pueden leer como mucho {limit})",
    "error.unpaired_surrogate": "sustituto UTF-16 sin pareja \\u{code_point} en el texto (no es un carácter)",
    "error.nan_not_json": "NaN no es un número JSON (escribe null donde falte un valor)",
    "error.infinity_not_json": (
        "{sign}Infinity (o un número más allá de {sign}1.8e308) no es un número JSON; escribe un número finito o null"
    ),
    "error.unreadable_csv": "CSV ilegible: {detail}",
    "error.csv_field_too_long": "CSV ilegible: una celda supera el límite de {limit} caracteres por celda",
    "error.csv_more_cells": "hay más celdas que columnas en la cabecera",
    "error.csv_no_header": "el CSV no tiene fila de cabecera",
    "error.expected_one_of_or_null": "se esperaba null o uno de estos valores: {choices}; se recibió {got}",
    "error.no_cases_in_dataset": "el dataset no tiene casos",
    "error.empty_value": "valor vacío",
    "error.must_be_between": "debe estar entre {low} y {high}, se recibió {got}",
    "error.missing_column": "falta la columna: {columns}",
    "error.missing_columns": "faltan las columnas: {columns}",
    "error.expected_object_with": "se esperaba un objeto con {columns}",
    "error.no_such_label": "las unidades de {kind} no tienen la etiqueta {got}; usa {choices}",
    "error.no_case_with_id": "no hay ningún caso con el id {got}",
    # errors.TERMS
    "error.term.object": "un objeto",
    "error.term.list": "una lista",
    "error.term.tuple": "una tupla",
    "error.term.text": "texto",
    "error.term.true_false_null": "true, false o null",
    "error.term.true_false": "true o false",
    "error.term.number": "un número",
    "error.term.finite_number": "un número finito",
    "error.term.whole_number": "un número entero",
    "error.term.non_negative_number": "un número no negativo",
    "error.term.finite_non_negative_number": "un número finito no negativo",
    "error.term.positive_number": "un número positivo",
    "error.term.non_negative_whole_number": "un número entero no negativo",
    "error.term.score": "una puntuación",
    "error.term.string_or_number": "un texto o un número",
    "error.term.list_of_numbers": "una lista de números",
    "error.term.list_of_labels": "una lista de etiquetas",
    "error.term.list_of_true_false_null": "una lista de true, false o null",
    "error.term.list_of_binary": "una lista de valores 0/1 o true/false",
    "error.term.binary": "0, 1, true o false",
    "error.term.rag_case": "un caso RAG",
    "error.term.rag_dataset": "un dataset RAG",
    "error.term.case_object": "un objeto de caso",
    "error.term.summary_case_object": "un objeto de caso de resumen",
    "error.term.conversation_object": "un objeto de conversación",
    "error.term.turn_object": "un objeto de turno",
    "error.term.claim_object": "un objeto de afirmación",
    "error.term.turn_label_object": "un objeto de etiqueta de turno",
    "error.term.question_object": "un objeto de pregunta",
    "error.term.section_object": "un objeto de sección",
    "error.term.accuracy_point_object": "un objeto de punto de exactitud",
    "error.term.turn_number": "un número de turno",
    "error.term.position": "una posición (un número entero)",
    "error.term.iso_time": "una fecha y hora ISO 8601",
    "error.term.split_name": "un nombre de partición",
    "error.term.annotator": '"a" o "b" (anotador A o B)',
    "error.term.text_alias": "un alias de texto no vacío",
    "error.term.name": "un nombre",
    "error.term.json_value": "un valor JSON (texto, número, true/false/null, lista u objeto)",
    "error.term.block_text": "el bloque como texto",
    "error.term.list_of_values_or_null": "una lista de valores o null",
    "error.term.list_of_questions": "una lista de preguntas",
    "error.term.thresholds_object": "un objeto de umbrales",
    "error.term.verdict": "true, false, 1, 0, yes, no o vacío",
    "error.term.label_value": "un número entero, true, false o una etiqueta de texto",
    "error.term.any_label_value": "true, false, un número entero o una etiqueta de texto",
    "error.term.alias_mapping": "un diccionario de alias de participante a dataset etiquetado",
    "error.term.dimension": "la dimensión",
    "error.term.metric": "la métrica",
    "error.term.unit_kind": "el tipo de unidad",
    "error.term.label": "la etiqueta",
    "error.term.role": '"customer" o "agent"',
    "error.term.case_or_dataset": 'un caso, una lista de casos o `{{"cases": [...]}}`',
    "error.term.section_kind": '"custom" o "predefined"',
    "error.term.decomposition_object": 'un objeto con "decomposition"',
    "error.term.rubrics_object": 'un objeto con "rubrics"',
    "error.term.rubric_object": "un objeto de rúbrica",
    "error.term.content_object": "un objeto de contenido",
    "error.term.yes_no_verdict": "yes/no, true/false o 1/0",
    "error.term.all_or_any": "'all' o 'any'",
    "error.term.true_false_slash": "true o false",
    "error.term.kappa_weights": "ninguna, 'linear' o 'quadratic'",
    "error.term.lists_per_annotator": "una lista de etiquetas por anotador",
    "error.term.entries_per_unit": "una lista con una entrada por unidad (None donde no haya etiqueta)",
    "error.term.similarity_cutoff": "un número mayor que 0 y como mucho 1",
    "error.term.list_of_turn_texts": "una lista de textos de turnos",
    "error.term.single_string": "un solo texto",
    "error.term.table": "una tabla",
    "error.term.non_empty_text": "un texto no vacío",
    "error.term.page": "la página",
    # errors.JSON_DETAILS
    "error.term.json_expecting_value": "se esperaba un valor",
    "error.term.json_expecting_name": "se esperaba un nombre de propiedad entre comillas dobles",
    "error.term.json_expecting_colon": "se esperaba el separador ':'",
    "error.term.json_expecting_comma": "se esperaba el separador ','",
    "error.term.json_unterminated_string": "texto sin cerrar que empieza en",
    "error.term.json_control_character": "carácter de control no válido en",
    "error.term.json_bad_escape": "secuencia de escape \\ no válida",
    "error.term.json_bad_unicode_escape": "escape \\uXXXX no válido",
    "error.term.json_extra_data": "hay datos de más después del valor",
    "error.term.json_trailing_comma_object": "coma sobrante antes del cierre del objeto",
    "error.term.json_trailing_comma_array": "coma sobrante antes del cierre de la lista",
    # agreement.PROBLEMS
    "error.label_missing_for_both": (
        "falta la etiqueta (None); deja fuera las unidades que no estén etiquetadas por ambas personas"
    ),
    "error.repeated_category": "repite {first} ({got})",
    "error.not_a_given_category": "{got} no es ninguna de las categorías dadas",
    "error.label_counts_differ": (
        "tiene {count} etiquetas pero `labels_a` tiene {other_count}; ambas deben etiquetar las mismas unidades"
    ),
    "error.weighted_kappa_kinds": (
        "kappa ponderado necesita un solo tipo de valoración (todo números, todo textos o true/false); da el orden "
        "de la escala con `categories`"
    ),
    "error.expected_field_or_none": (
        "se esperaba uno de estos valores: {choices}, o ninguno para todos; se recibió {got}"
    ),
    # agreement_many.PROBLEMS
    "error.table_shape": "se esperaba una tabla de unidades x {columns}, se recibió la forma {got}",
    "error.negative_counts": "los conteos no pueden ser negativos",
    "error.categories_not_sorted": "se esperaban categorías distintas y ordenadas",
    "error.more_labels_than_annotators": "una unidad tiene más etiquetas que anotadores hay",
    "error.entry_counts_differ": (
        "tiene {count} entradas pero `ratings[0]` tiene {other_count}; da una entrada por unidad, None donde no "
        "haya etiqueta"
    ),
    "error.interval_alpha_numbers": (
        "alfa de intervalo necesita números como etiquetas (las diferencias entre ellos son las distancias)"
    ),
    "error.ordinal_alpha_kinds": (
        "alfa ordinal necesita un solo tipo de etiqueta (todo números, todo textos o todo true/false)"
    ),
    # categories.PROBLEMS
    "error.nan_label": "NaN no es una etiqueta; usa None donde no se dio etiqueta",
    "error.missing_label": "falta la etiqueta (None)",
    "error.mixed_label_kinds": (
        "es {this} pero {first} es {that}: Python cuenta True como 1 y False como 0, así que mezclarlos juntaría "
        "dos respuestas en una categoría; usa un solo tipo de etiqueta en cada llamada"
    ),
    # choices.PROBLEMS
    "error.confidence_out_of_range": (
        "debe estar entre {low} y {high} (0,95 da un intervalo del 95\u00a0%), se recibió {got}"
    ),
    # class_labels.PROBLEMS
    "error.resamples_out_of_range": "se esperaba un número entero de 0 (sin bootstrap) a {high}, se recibió {got}",
    # cli.PROBLEMS
    "error.cannot_write_report": "no se pudo escribir el informe ({detail})",
    "error.report_too_deep": "no es un informe JSON (anidado a demasiada profundidad para leerlo)",
    "error.not_a_json_report": "no es un informe JSON ({detail})",
    "error.report_not_certified": "el informe no tiene `certificate_hash` (créalo con `--certify`)",
    "error.judge_needs_file": "`--judge` {judge} necesita `--judge-file F`",
    # cli_files.PROBLEMS
    "error.is_directory": "es una carpeta, no un archivo",
    "error.is_fifo": "es una tubería con nombre (FIFO), no un archivo normal; guarda primero los datos en un archivo",
    "error.is_character_device": "es un dispositivo de caracteres, no un archivo normal",
    "error.is_block_device": "es un dispositivo de bloques, no un archivo normal",
    "error.is_socket": "es un socket, no un archivo normal",
    "error.not_regular_file": "no es un archivo normal",
    "error.file_too_large": (
        "el archivo tiene {size} bytes, más que el límite de {limit} ({limit_mb} MB); súbelo con `--max-file-mb`"
    ),
    "error.file_larger_than": (
        "el archivo tiene más de {size} bytes, más que el límite de {limit} ({limit_mb} MB); súbelo con "
        "`--max-file-mb`"
    ),
    "error.no_such_file": "no existe ese archivo",
    "error.permission_denied": "permiso denegado: no se puede leer el archivo",
    "error.cannot_read": "no se puede leer el archivo ({detail})",
    # conversations.PROBLEMS
    "error.turn_out_of_range": "el turno {turn} no existe (los turnos van de 0 a {last})",
    "error.no_conversations": "no hay conversaciones en el archivo",
    "error.duplicate_conversation_id": 'id de conversación repetido "{id}"',
    # datasets.PROBLEMS
    "error.no_unit_with_id": "el caso {case} no tiene ninguna unidad de {kind} con el id {unit}",
    "error.no_splits": "indica al menos una partición",
    "error.all_shares_zero": "todas las proporciones son cero",
    # edits.PROBLEMS
    "error.no_item_at_position": "no hay {what} en la posición {position} (hay {count})",
    "error.record_for_another_id": "el registro es para {recorded}, pero esa posición contiene {actual}",
    "error.expected_json_object": "se esperaba un objeto JSON",
    "error.unknown_edit": "edición desconocida {got}; se esperaba una de estas: {choices}",
    "error.expected_split_assignment": "se esperaba un objeto de id de caso -> nombre de partición",
    # edits.TERMS
    "error.term.case": "ningún caso",
    "error.term.passages": "ninguna unidad de `passages`",
    "error.term.claims": "ninguna unidad de `claims`",
    "error.term.reference_facts": "ninguna unidad de `reference_facts`",
    "error.term.conversation": "ninguna conversación",
    "error.term.claim": "ninguna afirmación",
    "error.term.turn": "ningún turno",
    "error.term.accuracy_point": "ningún punto de exactitud",
    "error.term.rubric": "ninguna rúbrica",
    "error.term.completeness_question": "ninguna pregunta de integridad",
    "error.term.content_item": "ningún elemento de contenido",
    "error.term.section": "ninguna sección",
    # evaluator.PROBLEMS
    "error.not_a_batch_report": "no es un informe de lote (no tiene umbrales)",
    # formats.PROBLEMS
    "error.wrong_module_format": "el archivo parece contener {found_label}, no {expected_name}: {open_hint}",
    "error.csv_delimiter": "parece que el archivo usa {delimiter_label} como separador; guárdalo con comas",
    # formats.TERMS
    "error.term.format_label.rag": "casos RAG (pasajes, afirmaciones, hechos de referencia)",
    "error.term.format_label.ragas": "filas de RAGAS (`user_input`, `retrieved_contexts`, `response`, `reference`)",
    "error.term.format_label.conversations": (
        "conversaciones sintéticas (turnos, plantilla semilla, base de conocimiento)"
    ),
    "error.term.format_label.conversation_report": "un informe de calidad de conversaciones (resultados, certificado)",
    "error.term.format_label.summaries": (
        "casos de resumen (transcripción, secciones, exactitud, cumplimiento, integridad)"
    ),
    "error.term.format_label.verdicts": (
        "veredictos de rúbricas (`candidate`, `prompt`, `item`, `judge`, `run`, `verdict`)"
    ),
    "error.term.format_label.holistic": "puntuaciones holísticas (`candidate`, `judge`, `score`)",
    "error.term.format_name.rag": "casos RAG",
    "error.term.format_name.ragas": "filas de RAGAS",
    "error.term.format_name.conversations": "conversaciones",
    "error.term.format_name.conversation_report": "un informe de calidad de conversaciones",
    "error.term.format_name.summaries": "casos de resumen",
    "error.term.format_name.verdicts": "veredictos de rúbricas",
    "error.term.format_name.holistic": "puntuaciones holísticas",
    "error.term.open_hint.rag": "ábrelo en la página Diagnóstico RAG o usa `python -m uncase_core rag`",
    "error.term.open_hint.ragas": (
        "súbelo en la página Diagnóstico RAG, que lo importa, o usa `python -m uncase_core import-ragas`"
    ),
    "error.term.open_hint.conversations": (
        "ábrelo en la página Calidad de conversaciones o usa `python -m uncase_core conversations`"
    ),
    "error.term.open_hint.conversation_report": (
        "comprueba su certificado con `python -m uncase_core verify REPORT CONVERSATIONS`"
    ),
    "error.term.open_hint.summaries": (
        "ábrelo en la página Autoevaluación de resúmenes o usa `python -m uncase_core summaries`"
    ),
    "error.term.open_hint.verdicts": "ábrelo en el Laboratorio de rúbricas o usa `python -m uncase_core rubrics`",
    "error.term.open_hint.holistic": (
        "añádelo en el Laboratorio de rúbricas como puntuaciones holísticas o usa "
        "`python -m uncase_core rubrics VERDICTS --holistic SCORES`"
    ),
    "error.term.delimiter.semicolon": "';'",
    "error.term.delimiter.tab": "tabuladores",
    # holistic.PROBLEMS
    "error.no_scores": "no hay puntuaciones en el archivo",
    "error.second_score": "una segunda puntuación para el mismo candidato y juez",
    # judge.PROBLEMS
    "error.value_counts_differ": (
        "tiene {count} valores pero `labels` tiene {other_count}; ambos deben describir las mismas unidades"
    ),
    # judge_import.PROBLEMS
    "error.missing_verdict_column": "falta la columna {columns}; la cabecera tiene: {header}",
    "error.missing_verdict_columns": "faltan las columnas {columns}; la cabecera tiene: {header}",
    "error.no_such_case": 'no hay ningún caso "{id}" en el dataset',
    "error.no_such_unit": (
        'el caso "{case}" no tiene {unit_kind} "{unit}" (un veredicto de {dimension} va en sus {unit_kinds})'
    ),
    "error.second_verdict": "un segundo veredicto de {dimension} para {case}/{unit} (el primero está en {first})",
    "error.no_ragas_score_column": (
        "no se encontró ninguna columna de puntuaciones de RAGAS; se esperaba una de estas: {choices}"
    ),
    "error.expected_ragas_object": "se esperaba un objeto con columnas de RAGAS",
    "error.ragas_no_column_for": (
        "el archivo de RAGAS no tiene columna para {dimension} (se esperaba una de estas: {choices}; tiene {found})"
    ),
    "error.ragas_no_column_at_all": (
        "el archivo de RAGAS no tiene columna para {dimension} (se esperaba una de estas: {choices}; no tiene "
        "ninguna)"
    ),
    "error.ragas_case_not_in_dataset": 'el archivo de RAGAS puntúa el caso "{id}", que no está en el dataset',
    # judge_import.TERMS
    "error.term.one.passages": "ningún pasaje",
    "error.term.one.claims": "ninguna afirmación",
    "error.term.one.reference_facts": "ningún hecho de referencia",
    "error.term.many.passages": "pasajes",
    "error.term.many.claims": "afirmaciones",
    "error.term.many.reference_facts": "hechos de referencia",
    # lesson_checks.PROBLEMS
    "error.snapshot_expected_dataset": "se esperaba un RagDataset para la página {page}, se recibió {got}",
    "error.snapshot_expected_tuple": "se esperaba una tupla no vacía de {kind}, se recibió {got}",
    "error.expected_python_type": "se esperaba un objeto {kind}, se recibió {got}",
    "error.snapshot_expected_verdicts": "se esperaba el DataFrame de veredictos, se recibió {got}",
    "error.snapshot_expected_pair": "se esperaba un par (anotador A, anotador B), se recibió {got}",
    "error.snapshot_planner_data": "la página del planificador no tiene datos; se esperaba None, se recibió {got}",
    "error.snapshot_expected_mapping": "se esperaba un diccionario de nombres a valores, se recibió {got}",
    "error.expected_text_keys": "se esperaban claves de texto, se recibió {got}",
    "error.give_failing_or_passing": "indica `failing`, `passing` o ambos",
    "error.failing_and_passing": "{dimension} no puede estar a la vez en `failing` y en `passing`",
    "error.choice_needs_two_options": "una pregunta de opción múltiple necesita al menos dos opciones",
    "error.choice_needs_correct_option": "marca al menos una opción como correcta",
    "error.not_an_option": "{option} no es una de las opciones",
    "error.must_not_exceed_total": "no puede superar `total` ({total})",
    "error.unknown_check": "comprobación desconocida {got}; las comprobaciones son: {checks}",
    "error.check_not_question": '"{name}" es una comprobación, no una pregunta',
    "error.answer_expected_list": "se esperaba una lista de {what}",
    "error.answer_given_twice": "se repite {what}",
    "error.answer_expected_number": "se esperaba un número",
    "error.answer_expected_number_in_range": "se esperaba un número de {low} a {high}",
    "error.answer_unknown_dimension": "dimensión desconocida {got}",
    "error.answer_unknown_gate": "compuerta desconocida {got}",
    "error.answer_expected_certainty": "se esperaba `clear` o `uncertain`",
    "error.answer_expected_two_case_ids": "se esperaban dos ids de caso",
    "error.answer_expected_stratum": "se esperaba un valor de estrato",
    # lesson_checks.TERMS
    "error.term.answer.list.dimension": "nombres de dimensión",
    "error.term.answer.list.case": "ids de caso",
    "error.term.answer.list.gate": "nombres de compuerta",
    "error.term.answer.list.option": "ids de opción",
    "error.term.answer.list.turn": "números de turno",
    "error.term.answer.list.item": "pares `[prompt, item]`",
    "error.term.answer.one.dimension": "un nombre de dimensión",
    "error.term.answer.one.case": "un id de caso",
    "error.term.answer.one.gate": "un nombre de compuerta",
    "error.term.answer.one.option": "un id de opción",
    "error.term.answer.one.turn": "un turno",
    "error.term.answer.one.item": "un elemento",
    # lesson_data.PROBLEMS
    "error.page_has_no_scenario": "la página {page} no tiene el escenario {got}; usa uno de estos: {choices}",
    # lesson_params.PROBLEMS
    "error.must_be_at_least": "debe ser como mínimo {low}, se recibió {got}",
    "error.must_be_at_most": "debe ser como mucho {high}, se recibió {got}",
    "error.listed_twice": "{got} aparece dos veces (también en {first})",
    "error.unknown_check_parameter": 'parámetro desconocido de "{check}", que admite {names}',
    "error.check_takes_no_parameters": 'parámetro desconocido de "{check}", que no admite parámetros',
    "error.missing_check_parameter": 'falta "{name}", que "{check}" necesita',
    # lessons.PROBLEMS
    "error.lesson_has_no_step": "la lección {lesson} no tiene el paso {step}",
    "error.unknown_key": "clave desconocida; se esperaba una de estas: {choices}",
    "error.expected_language_code": "se esperaba un código de idioma de dos letras, como `en` o `es`",
    "error.missing_language_text": 'falta el texto "{language}" (todo texto necesita `en` y `es`)',
    "error.question_not_check": '"{name}" es una pregunta; ponla bajo `[steps.question]`',
    "error.check_not_question_here": '"{name}" es una comprobación, no una pregunta; ponla bajo `[[steps.checks]]`',
    "error.check_reads_page": '"{name}" lee la página {page}; esta lección usa {lesson_page}',
    "error.check_reads_pages": '"{name}" lee una de las páginas {pages}; esta lección usa {lesson_page}',
    "error.duplicate_option_id": 'id de opción repetido "{id}" (ya aparece en {first})',
    "error.choice_missing_options": "falta `options` (una pregunta de opción múltiple enumera sus opciones)",
    "error.correct_inside_option": "marca la opción correcta con `correct = true` dentro de ella",
    "error.question_has_no_options": (
        '"{name}" calcula su respuesta a partir de los datos; solo `choice` enumera opciones'
    ),
    "error.step_checks_or_question": (
        "un paso necesita o bien `checks` (`[[steps.checks]]`) o bien una `question` (`[steps.question]`)"
    ),
    "error.invalid_toml": "TOML no válido: {detail}",
    "error.invalid_toml_at": "TOML no válido: {detail} (columna {column})",
    "error.lesson_id_not_file_name": 'debe ser el nombre del archivo sin .toml ("{stem}"), se recibió "{id}"',
    "error.duplicate_step_id": 'id de paso repetido "{id}" (ya aparece en {first})',
    "error.order_taken": "el orden {order} es también el de {other}",
    # lessons.TERMS
    "error.term.lesson.id": "un id de minúsculas, dígitos, `-` y `_`",
    "error.term.lesson.options": "una lista de opciones (`[[steps.question.options]]`)",
    "error.term.lesson.checks": "una lista de una o más comprobaciones (`[[steps.checks]]`)",
    "error.term.lesson.steps": "una lista de uno o más pasos (`[[steps]]`)",
    # rag.PROBLEMS
    "error.all_weights_zero": "todos los pesos son cero; da a alguna dimensión un peso positivo",
    # rag_files.PROBLEMS
    "error.upload_too_large": (
        "el archivo tiene {size} bytes, más de los {limit} que admite esta página; divídelo, o evalúalo con "
        "`python -m uncase_core rag FILE`"
    ),
    # ragas_import.PROBLEMS
    "error.missing_either": "falta {first} o {second}",
    "error.unreadable_contexts": (
        "no se puede leer la lista de contextos; escríbela como una lista JSON de textos"
    ),
    "error.expected_list_of_strings": "se esperaba una lista de textos",
    "error.no_question_column": (
        "la cabecera no tiene columna `user_input` (ni `question`); tiene: {columns}"
    ),
    "error.no_rows": "no hay filas que importar",
    "error.duplicate_row_id": 'id repetido "{id}"',
    # rubric_generator.PROBLEMS
    "error.too_many_planted": "{planted} ítems malos sembrados superan los {items} ítems",
    # rubrics.PROBLEMS
    "error.duplicate_verdict": "el mismo candidato, prompt, ítem, juez y ejecución aparecen dos veces",
    "error.csv_field_count": "se esperaban {expected_count} campos, se recibieron {got_count}",
    "error.no_verdicts_after_header": "no hay veredictos después de la cabecera",
    "error.verdicts_layout": 'se esperaba JSON Lines, una lista de veredictos o `{{"verdicts": [...]}}`',
    "error.no_verdicts_in_file": "no hay veredictos en el archivo",
    "error.no_verdicts": "no hay veredictos",
    "error.unknown_filter": "filtro desconocido {got}; usa {choices}",
    # sampling.PROBLEMS
    "error.unit_listed_twice": "la misma unidad aparece dos veces; da cada unidad una sola vez",
    # scenarios.PROBLEMS
    "error.unreadable_scenario_index": "no se puede leer el índice de escenarios: {detail}",
    # stats.PROBLEMS
    "error.expected_number_between": "se esperaba un número entre {low} y {high}, se recibió {got}",
    "error.strictly_between": "debe estar estrictamente entre {low} y {high}, se recibió {got}",
    "error.successes_exceed_total": "los aciertos ({successes}) superan el total ({total})",
    "error.proportion_between": "debe ser una proporción entre {low} y {high}, se recibió {got}",
    "error.half_width_range": "debe ser mayor que 0 y como mucho {high}, se recibió {got}",
    "error.at_least_one": "debe ser al menos 1",
    "error.sample_size_unreachable": (
        "harían falta más de {limit} unidades con una proporción esperada de {expected}; elige una semiamplitud "
        "mayor"
    ),
    "error.count_exceeds": "{name} ({count}) supera {total_name} ({total})",
    "error.expected_flat_binary_list": "se esperaba una lista plana de valores 0/1 o true/false",
    "error.ppi_no_labels": "no hay unidades etiquetadas: PPI necesita al menos una etiqueta manual",
    "error.verdict_counts_differ": (
        "tiene {count} veredictos pero `labels` tiene {other_count}; ambos deben describir las mismas unidades"
    ),
    "error.expected_two_by_two": "se esperaba una tabla 2x2 ((n11, n10), (n01, n00))",
    # summary.PROBLEMS
    "error.block_too_long": "el bloque es demasiado largo ({length} caracteres; como mucho {limit})",
    "error.block_empty": "el bloque está vacío",
    "error.block_unreadable": "no es JSON ({json_problem}) ni un literal de Python ({literal_problem})",
    "error.keys_must_be_text": "las claves deben ser texto, se recibió {got}",
    "error.cannot_read_file": "no se puede leer el archivo: {detail}",
    "error.no_summary_cases": "no hay casos en el archivo",
    # summary.TERMS
    "error.term.json_at": "{detail} en la línea {line}, columna {column}",
    "error.term.json_too_deep": "anidado a demasiada profundidad para leerlo",
    "error.term.json_number_too_long": "un número de {digits} cifras (se pueden leer como mucho {limit})",
    "error.term.literal_syntax": "sintaxis no válida en la línea {line}",
    "error.term.literal_not_plain": (
        "solo se admiten valores simples (texto, números, True/False/None, listas, objetos), no expresiones"
    ),
    "error.term.literal_too_deep": "anidado a demasiada profundidad o demasiado grande para leerlo",
    # thresholds.PROBLEMS
    "error.no_values": "necesita al menos un valor",
    "error.must_be_positive": "debe ser positivo, se recibió {got}",
    "error.start_after_stop": "no puede superar el final ({stop}), se recibió {got}",
    "error.too_many_thresholds": "da más de {limit} umbrales; usa un paso mayor",
    # ui.limits: what a page refuses to read live
    "error.page_file_too_large": (
        "el archivo ocupa {size} MB; esta página admite hasta {limit} MB. Para archivos mayores usa la línea de "
        "órdenes: {command}"
    ),
    "error.page_too_many_items": (
        "{count} elementos son más de los que esta página maneja en vivo ({limit}). Usa la línea de órdenes: "
        "{command}"
    ),
    # ui.workspace: una fila guardada que el playground no puede usar
    "error.page_stored_unknown_data": "este playground no guarda datos con ese nombre",
    "error.page_stored_wrong_format": "formato {found}, se esperaba {expected}",
    "error.page_stored_edit_without_data": "una edición de {name}, que no tiene datos",
    "error.page_stored_takes_no_edits": "{name} no admite ediciones",
})

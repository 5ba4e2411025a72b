"""A validator of the JSON Schema keywords the project's schemas use
(spec/vectors/vectors.schema.json, spec/vectors/fuzz_report.schema.json): enough to
hold a document to its schema without a package from outside the standard
library. A keyword it does not know is reported, never passed over."""
import re

KEYWORDS = {"$schema", "$id", "$defs", "$ref", "title", "description", "type", "required", "properties",
            "additionalProperties", "items", "minItems", "enum", "const", "pattern", "minimum",
            "exclusiveMinimum", "minLength", "oneOf"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def is_type(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def errors(value, schema, root=None, where="$"):
    """The places where value breaks schema, one line each; root is the
    document whose "$ref"s schema may follow (schema itself by default)."""
    root = schema if root is None else root
    unknown = set(schema) - KEYWORDS
    if unknown:
        return ["%s: the schema uses keywords this validator does not know: %s" % (where, sorted(unknown))]
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return errors(value, target, root, where)
    found = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(is_type(value, n) for n in names):
            return ["%s: %r is not of type %s" % (where, value, schema["type"])]
    if "enum" in schema and value not in schema["enum"]:
        found.append("%s: %r is not one of %r" % (where, value, schema["enum"]))
    if "const" in schema and value != schema["const"]:
        found.append("%s: %r is not %r" % (where, value, schema["const"]))
    if "oneOf" in schema:
        matching = sum(not errors(value, sub, root, where) for sub in schema["oneOf"])
        if matching != 1:
            found.append("%s: matches %d of the oneOf schemas, not 1" % (where, matching))
    if "pattern" in schema and not (isinstance(value, str) and re.search(schema["pattern"], value)):
        found.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        found.append("%s: %r is shorter than %d" % (where, value, schema["minLength"]))
    if is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            found.append("%s: %r < %r" % (where, value, schema["minimum"]))
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            found.append("%s: %r <= %r" % (where, value, schema["exclusiveMinimum"]))
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            found.append("%s: fewer than %d items" % (where, schema["minItems"]))
        if "items" in schema:
            for i, item in enumerate(value):
                found += errors(item, schema["items"], root, "%s[%d]" % (where, i))
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                found.append("%s: no member %r" % (where, name))
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        for name, member in value.items():
            if name in properties:
                found += errors(member, properties[name], root, "%s.%s" % (where, name))
            elif extra is False:
                found.append("%s: member %r is not in the schema" % (where, name))
            elif isinstance(extra, dict):
                found += errors(member, extra, root, "%s.%s" % (where, name))
    return found

"""Passes over the C IR before emission: IR -> IR rewrites (statement expressions, gotos, struct copies)
and analyses (the pointer plan, generic buffers, local names, constants, inlining). No C# text here:
translator/csharp/ reads what these produce.
"""

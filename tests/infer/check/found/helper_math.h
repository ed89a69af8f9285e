// A project's own helper_math.h, found next to the kernel: it is parsed
// as written, and the built-in stand-in is not used (issue 15, item 1).
#pragma once
inline __host__ __device__ float3 operator+(float3 a, float3 b)
{
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ float3 scale3(float3 a, float s)
{
    return make_float3(a.x * s, a.y * s, a.z * s);
}

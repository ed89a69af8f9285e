//pass
//--local_size=64 --num_groups=16
// expect: drf — float4 elements swizzled (.wzyx, .s0, .hi/.lo) within one work-item’s own element
__kernel void float4_swizzle_own(__global float4 *data)
{
    size_t i = get_global_id(0);
    float4 v = data[i];
    float4 r = v.wzyx;
    r.s0 = v.x + v.y;
    r.hi = v.lo * 2.0f;
    data[i] = r;
}

//pass
//--local_size=64 --num_groups=8
// expect: drf — vload4/vstore4 reach the four floats of the work-item's own quad; swizzles stay private
__kernel void quads(__global const float *in, __global float *out, __global float4 *packed, __global half *halves)
{
    size_t i = get_global_id(0);
    float4 v = vload4(i, in);
    float4 w = v.wzyx;
    float2 lo = w.lo, hi = w.hi, ev = v.even, od = v.odd;
    w.s0 = lo.x + hi.y + ev.s1 + od.s0;
    vstore4(w, i, out);
    packed[i] = (float4)(v.xy, w.zw);
    vstore_half(v.x, i, halves);
}

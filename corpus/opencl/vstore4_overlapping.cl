//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — vstore4 at out + 2*i writes four floats, so work-items i and i + 1 both write out[2*i + 2] and out[2*i + 3]
__kernel void vstore4_overlapping(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float4 v = vload4(i, in);
    vstore4(v, 0, out + 2 * i);
}

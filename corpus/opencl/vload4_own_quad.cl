//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item loads and stores its own four floats with vload4 / vstore4
__kernel void vload4_own_quad(__global const float *in, __global float *out, float scale)
{
    size_t i = get_global_id(0);
    float4 v = vload4(i, in);
    vstore4(v * scale, i, out);
}

//pass
//--local_size=64 --num_groups=16
// expect: drf — two __local kernel arguments are two buffers: writing one and reading the other in the same interval is no race
__kernel void local_two_buffers(__global const float *in, __global float *out, __local float *a, __local float *b)
{
    int lid = get_local_id(0);
    b[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[lid] = 2.0f * b[(lid + 1) % get_local_size(0)];
    out[get_global_id(0)] = b[lid] + a[lid];
}

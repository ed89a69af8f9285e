//pass
//--local_size=64 --num_groups=16
// expect: drf — barriers in a loop bounded by a kernel argument: every work-item runs the same iterations
#define WG 64

__kernel void barrier_in_param_loop(__global float *data, int steps)
{
    __local float s[WG];
    int lid = get_local_id(0);
    float v = data[get_global_id(0)];
    for (int t = 0; t < steps; t++) {
        s[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * (s[(lid + 1) % WG] + s[(lid + WG - 1) % WG]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    data[get_global_id(0)] = v;
}

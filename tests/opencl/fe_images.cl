//pass
//--local_size=[8,8] --num_groups=[4,4]
// expect: drf — every work-item writes the pixel of its own global id; image reads never race
__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst, sampler_t smp)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 c = read_imagef(src, smp, (int2)(x, y)) + read_imagef(src, smp, (int2)(x + 1, y));
    write_imagef(dst, (int2)(x, y), c * 0.5f);
}
